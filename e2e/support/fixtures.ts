import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, startJourneyServer, type JourneyServer } from './server';

/**
 * Every journey file starts from its own fresh server and data directory, so no file depends on what
 * another wrote, and two workers can run two files at once. Tests of one file run in order in one
 * worker and share that file's server; when the worker moves on to the next file, the server is
 * replaced. (Playwright has worker and test scope but no file scope, hence the worker-scoped holder
 * keyed by file.)
 */
class ServerPerFile {
  private current: { file: string; server: JourneyServer } | undefined;

  async originFor(file: string): Promise<string> {
    if (this.current?.file !== file) {
      await this.stop();
      this.current = { file, server: await startJourneyServer() };
    }
    return this.current.server.origin;
  }

  async stop(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    await current?.server.stop();
  }
}

interface Named {
  id: number;
  nameEn?: string;
  username?: string;
}

/** Looks records up through the API as the admin, so journeys never assume the ids a seed gave out. */
export class Lookup {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext): Promise<Lookup> {
    const response = await request.post('/api/admin/login', {
      data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
    });
    expect(response.ok(), 'admin sign-in for lookups').toBe(true);
    return new Lookup(request, ((await response.json()) as { token: string }).token);
  }

  private async find(path: string, params: Record<string, string | number>, match: (row: Named) => boolean) {
    const response = await this.request.get(path, {
      params: { limit: 100, ...params },
      headers: { authorization: `Bearer ${this.token}` },
    });
    expect(response.ok(), `GET ${path}`).toBe(true);
    const rows = ((await response.json()) as { data: Named[] }).data.filter(match);
    expect(rows, `exactly one match in ${path} for ${JSON.stringify(params)}`).toHaveLength(1);
    return rows[0]!.id;
  }

  family(nameEn: string): Promise<number> {
    return this.find('/api/family', { search: nameEn }, (row) => row.nameEn === nameEn);
  }

  category(family: number, nameEn: string): Promise<number> {
    return this.find('/api/category', { family, search: nameEn }, (row) => row.nameEn === nameEn);
  }

  product(family: number, nameEn: string): Promise<number> {
    return this.find('/api/product', { family, search: nameEn }, (row) => row.nameEn === nameEn);
  }

  user(username: string): Promise<number> {
    return this.find('/api/user', { search: username }, (row) => row.username === username);
  }
}

export const test = base.extend<{ lookup: Lookup }, { serverPerFile: ServerPerFile }>({
  serverPerFile: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const servers = new ServerPerFile();
      await use(servers);
      await servers.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // A start on a copy of the data template takes a few seconds (a first start without one, with its
  // migrations, demo catalogue and images, takes longer): it gets its own time, not the test's.
  baseURL: [
    async ({ serverPerFile }, use, testInfo) => use(await serverPerFile.originFor(testInfo.file)),
    { scope: 'test', timeout: 120_000 },
  ],
  lookup: async ({ request }, use) => use(await Lookup.signIn(request)),
  // Chromium sends its locale's Accept-Language with page loads whatever extraHTTPHeaders says, and
  // the server answers a visitor page in that language. The journeys' visitor reads Arabic while the
  // browser's own languages (which the admin area follows) stay en-US, so catalogue page loads carry
  // the Accept-Language the config (or a journey) names.
  context: async ({ context, extraHTTPHeaders }, use) => {
    const language = extraHTTPHeaders?.['accept-language'];
    if (language)
      await context.route(/\/catalog(\/|\?|$)/, (route) =>
        route.request().isNavigationRequest()
          ? route.continue({ headers: { ...route.request().headers(), 'accept-language': language } })
          : route.fallback(),
      );
    await use(context);
  },
});

export { expect };
