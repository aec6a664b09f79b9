import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountTmpfs, type Tmpfs } from './tmpfs';
import { waitFor } from './wait';
import { adminToken, serverDatabase, startServer, type ServerProcess } from './server-process';

// The real server process with its whole DATA_DIR on a small real filesystem that fills up: with
// PGlite the database's own files are there too, and PostgreSQL's disk_full (53100, which PGlite
// reports as "could not extend file ...: No space left on device") is a 503 naming the database,
// with nothing written; the server keeps serving reads, and takes writes again once space is freed.

let disk: Tmpfs;
let server: ServerProcess | undefined;
let drop: () => Promise<void> = () => Promise.resolve();
let token: string;
let engine: 'pglite' | 'postgres';

beforeAll(async () => {
  // PGlite's migrated data directory takes about 40 MB.
  disk = mountTmpfs('160m');
  const database = await serverDatabase(join(disk.dir, 'data'));
  drop = database.drop;
  engine = database.env.DATABASE_URL ? 'postgres' : 'pglite';
  server = await startServer(database.env);
  token = await adminToken(server.url);
}, 90_000);
afterAll(async () => {
  try {
    if (server && server.proc.exitCode === null) {
      server.proc.kill('SIGTERM');
      await server.closed;
    }
    await drop();
  } finally {
    disk.unmount();
  }
}, 30_000);

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${server!.url}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
const createFamily = (nameEn: string) =>
  api('/family', { method: 'POST', body: JSON.stringify({ nameEn, nameAr: `شركة ${nameEn}` }) });
async function familyNames() {
  const names: string[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = (await (await api(`/family?limit=100&skip=${skip}`)).json()) as {
      data: { nameEn: string }[];
    };
    names.push(...page.data.map((f) => f.nameEn));
    if (page.data.length < 100) return names;
  }
}

async function readyAnswers(status: number) {
  return waitFor(
    async () => {
      const res = await fetch(`${server!.url}/api/ready`);
      return res.status === status && res;
    },
    { interval: 100, message: `readiness never answered ${status}` },
  );
}

describe('the server with a full DATA_DIR', () => {
  it('answers writes 503 naming the full storage, keeps reading, and writes again once freed', async () => {
    expect((await createFamily('Before Co')).status).toBe(201);
    disk.fill();
    const acknowledged: string[] = [];
    try {
      // The database takes writes while its files have room in pages it already has; the first write
      // that must grow a file is refused. PostgreSQL keeps its files elsewhere and takes them all.
      let refused: Response | undefined;
      for (let i = 0; i < 100 && !refused; i++) {
        const res = await createFamily(`Full Co ${i}`);
        if (res.status === 201) acknowledged.push(`Full Co ${i}`);
        else refused = res;
      }
      if (engine === 'pglite') {
        expect(refused).toBeDefined();
        const answer = (await refused!.json()) as Record<string, unknown>;
        expect(refused!.status, JSON.stringify(answer)).toBe(503);
        expect(refused!.headers.get('retry-after')).toBe('60');
        expect(answer).toMatchObject({
          code: 'storage.full',
          message: "The database's storage is full: nothing was saved; try again later",
          details: [{ path: 'database', message: "The database's storage is full" }],
        });
      } else {
        expect(refused).toBeUndefined();
      }
      // Reads go on.
      expect(await familyNames()).toContain('Before Co');
      const ready = await readyAnswers(503);
      expect(ready.status).toBe(503);
      const reasons = [{ path: 'media', message: 'The media storage is full' }];
      if (engine === 'pglite') reasons.push({ path: 'data', message: "The server's data folder is full" });
      expect(await ready.json()).toMatchObject({ code: 'storage.full', details: reasons });
    } finally {
      disk.free();
    }
    expect((await readyAnswers(200)).status).toBe(200);
    expect((await createFamily('After Co')).status).toBe(201);
    // Every acknowledged write is there, the refused one is not.
    const names = (await familyNames()).filter((n) => n.startsWith('Full Co'));
    expect(names.sort()).toEqual(acknowledged.sort());
    expect(server!.output()).not.toMatch(/"level":50/);
  }, 60_000);
});
