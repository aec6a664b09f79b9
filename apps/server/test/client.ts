// The one request helper of the server tests (not a test file itself):
//   const api = client(t);
//   await api.as('admin').patch(`/api/family/${id}`, { nameEn: 'New' });
//   await api.as(editorToken).get('/api/family');
//   await api.anonymous.post('/api/user/login', { username, password });
// Answers Fastify's inject response, so `.statusCode`, `.body` and `.json()` read as before.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { bearer, type TestApp } from './harness';

/** The accounts the kit signs in as by name: once each, on first use. */
type Role = 'admin' | 'guest';
/** A role, a name given to `signedIn`, or a token (a session's or an API key's) sent as it is. */
type Who = Role | (string & {});
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Payload = InjectOptions['payload'];

interface RequestOptions {
  /** Sent as well as (or, for `authorization`, instead of) the caller's. */
  headers?: Record<string, string>;
  /** Added to the url's query string. */
  query?: Record<string, string | string[]>;
}

/** Requests by one caller. */
export interface Caller {
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Payload, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Payload, options?: RequestOptions): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: Payload, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /** A JSON merge patch (application/merge-patch+json), as integrators send one. */
  mergePatch(url: string, changes: object, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /** Any method, for tests that take the method from a table. */
  send(
    method: Method,
    url: string,
    payload?: Payload,
    options?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
}

export interface Client {
  /** Requests by `who`; `undefined` sends no token (for tables of callers that include no one). */
  as(who: Who | undefined): Caller;
  anonymous: Caller;
  /** A role's token (the one its requests carry). */
  token(role: Role): Promise<string>;
  /** Names callers that signed in elsewhere (e.g. scopedStaff's tokens): then `api.as('editor-a')`. */
  signedIn(tokens: Record<string, string>): void;
}

const isRole = (who: Who): who is Role => who === 'admin' || who === 'guest';

/** A TestApp, or just an app (for anonymous requests and tokens signed in elsewhere). */
type Served = Pick<TestApp, 'app'> & Partial<Pick<TestApp, 'adminToken' | 'guestToken'>>;

/** The kit for one app, or for the app a file's `beforeAll` makes (`client(() => t)`). */
export function client(app: Served | (() => Served)): Client {
  const served = typeof app === 'function' ? app : () => app;
  // Tokens by app: a file that starts a second app signs in to it afresh.
  const roleTokens = new WeakMap<Served['app'], Map<Role, Promise<string>>>();
  const signIn = (t: Served, role: Role): Promise<string> => {
    const signInAs = role === 'admin' ? t.adminToken : t.guestToken;
    if (!signInAs) throw new Error(`this app cannot sign in as ${role}: give client() a TestApp`);
    return signInAs();
  };
  const token = (role: Role): Promise<string> => {
    const t = served();
    const tokens = roleTokens.get(t.app) ?? new Map<Role, Promise<string>>();
    roleTokens.set(t.app, tokens);
    let cached = tokens.get(role);
    if (!cached) {
      cached = signIn(t, role);
      tokens.set(role, cached);
    }
    return cached;
  };
  const named = new Map<string, string>();
  const tokenOf = async (who: Who): Promise<string> => named.get(who) ?? (isRole(who) ? token(who) : who);
  const caller = (who: Who | undefined): Caller => {
    const send: Caller['send'] = async (method, url, payload, options = {}) => {
      const bearerToken = who === undefined ? null : await tokenOf(who);
      return served().app.inject({
        method,
        url,
        headers: { ...(bearerToken === null ? {} : bearer(bearerToken)), ...options.headers },
        ...(payload === undefined ? {} : { payload }),
        ...(options.query === undefined ? {} : { query: options.query }),
      });
    };
    return {
      get: (url, options) => send('GET', url, undefined, options),
      delete: (url, options) => send('DELETE', url, undefined, options),
      post: (url, payload, options) => send('POST', url, payload, options),
      put: (url, payload, options) => send('PUT', url, payload, options),
      patch: (url, payload, options) => send('PATCH', url, payload, options),
      mergePatch: (url, changes, options = {}) =>
        send('PATCH', url, JSON.stringify(changes), {
          ...options,
          headers: { 'content-type': 'application/merge-patch+json', ...options.headers },
        }),
      send,
    };
  };
  const signedIn = (tokens: Record<string, string>) => {
    for (const [name, value] of Object.entries(tokens)) named.set(name, value);
  };
  return { as: caller, anonymous: caller(undefined), token, signedIn };
}
