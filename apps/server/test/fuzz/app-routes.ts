// Helpers for tests that walk every route the app registers (not a test file itself).
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client';

export interface Route {
  method: string;
  url: string;
}

/** Reads (method, url) pairs from `printRoutes({ commonPrefix: false })`'s tree. */
export function parseRouteTree(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = url;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

/** Every route of the app, read from its own router, so a route added later is walked too. */
export function appRoutes(app: FastifyInstance): Route[] {
  return parseRouteTree(app.printRoutes({ commonPrefix: false }));
}

export const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** What the OpenAPI document says a route takes: query names, body field names, multipart or not. */
export interface RouteInputs {
  query: string[];
  bodyFields: string[];
  multipart: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

export function routeInputs(app: FastifyInstance): (route: Route) => RouteInputs {
  const doc = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  return (route) => {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const op = doc.paths?.[path]?.[route.method.toLowerCase()];
    const content = op?.requestBody?.content ?? {};
    return {
      query: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyFields: Object.keys(content['application/json']?.schema?.properties ?? {}),
      multipart: 'multipart/form-data' in content || route.url.startsWith('/api/upload'),
    };
  };
}

const TABLES = ['families', 'categories', 'products', 'users'] as const;

/**
 * A cheap fingerprint of everything a request could change: row counts and the latest updated_at of
 * each table, the catalogue version, and the number of stored media files.
 */
export async function fingerprint(database: Database, mediaDir: string): Promise<string> {
  const parts = TABLES.map(
    (t) => sql`select ${t} as t, count(*)::text as n, max(updated_at)::text as m from ${sql.identifier(t)}`,
  );
  const query = sql.join(
    [...parts, sql`select 'app_state', count(*)::text, coalesce(sum(value), 0)::text from app_state`],
    sql` union all `,
  );
  const result: unknown = await database.db.execute(query);
  let media = 0;
  try {
    media = readdirSync(mediaDir, { recursive: true }).length;
  } catch {
    // no media directory yet
  }
  return JSON.stringify({ rows: (result as { rows: unknown[] }).rows, media });
}
