import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, serverDatabase, startServer, type ServerProcess } from './server-process';
import { waitFor } from './wait';

// The server as a real process: crash recovery, graceful shutdown and the data directory lock.
// On PGlite the database is DATA_DIR; on PostgreSQL it is a fresh database on the test server.

let dataDir: string;
let serverEnv: Record<string, string> = {};
let dropDatabase: () => Promise<void> = () => Promise.resolve();
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dalil-process-'));
  const database = await serverDatabase(dataDir);
  dropDatabase = database.drop;
  serverEnv = database.env;
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

const env = () => serverEnv;

describe('a killed server', () => {
  // Two process starts and a SIGKILL: about 10 s on a quiet machine, 30 s or more on a busy one. The
  // budget is generous because nothing here is a speed claim.
  it('keeps every acknowledged write and starts cleanly on the same data', async () => {
    const first = await startServer(env());
    const token = await adminToken(first.url);
    const acknowledged: { id: number; nameEn: string }[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const nameEn = `Crash Family ${w}-${i}`;
        try {
          const res = await fetch(`${first.url}/api/family`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ nameEn, nameAr: `عائلة ${w}-${i}` }),
          });
          if (res.status !== 201) continue;
          const { id } = (await res.json()) as { id: number };
          acknowledged.push({ id, nameEn });
          // A rename too, so that updates as well as creates are cut off by the kill.
          await fetch(`${first.url}/api/family/${id}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ nameEn: `${nameEn} renamed`, nameAr: `عائلة ${w}-${i}` }),
          });
        } catch {
          return; // the process is gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await waitFor(() => acknowledged.length >= 40, { timeout: 30_000 });
    first.proc.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await startServer(env());
    try {
      expect((await fetch(`${second.url}/api/ready`)).status).toBe(200);
      const token2 = await adminToken(second.url);
      for (const { id, nameEn } of acknowledged) {
        const res = await fetch(`${second.url}/api/family/${id}`, {
          headers: { authorization: `Bearer ${token2}` },
        });
        expect(res.status, `family ${id}`).toBe(200);
        expect(((await res.json()) as { nameEn: string }).nameEn).toMatch(
          new RegExp(`^${nameEn}( renamed)?$`),
        );
      }
      await expectHistoryMatches(second.url, token2);
    } finally {
      second.proc.kill('SIGTERM');
      expect(await second.exited).toEqual({ code: 0, signal: null });
    }
  }, 90_000);
});

type Page<T> = { data: T[]; count: number };
type Entry = { entityId: number; action: string; changes: Record<string, { after: unknown }> };

/**
 * Every write and its history entry commit together: each family that exists has its create entry,
 * its newest entry names the name it has now (no change without its entry), and no entry names a
 * family that was never written (no entry without its change).
 */
async function expectHistoryMatches(url: string, token: string) {
  const get = async <T>(path: string) =>
    (await (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
  const families: { id: number; nameEn: string }[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await get<Page<{ id: number; nameEn: string }>>(`/api/family?limit=100&skip=${skip}`);
    families.push(...page.data);
    if (families.length >= page.count) break;
  }
  const entries: Entry[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await get<Page<Entry>>(`/api/activity?entity=family&limit=100&skip=${skip}`);
    entries.push(...page.data);
    if (entries.length >= page.count) break;
  }
  const ids = new Set(families.map((f) => f.id));
  expect(entries.filter((e) => !ids.has(e.entityId))).toEqual([]);
  for (const family of families) {
    const mine = entries.filter((e) => e.entityId === family.id);
    expect(
      mine.filter((e) => e.action === 'create'),
      `family ${family.id}`,
    ).toHaveLength(1);
    // Newest first: the newest entry's name is the family's name now.
    expect(mine[0]!.changes.nameEn!.after, `family ${family.id}`).toBe(family.nameEn);
  }
}

/** Sends raw bytes and resolves with the first response's status line (or the socket's fate). */
function statusLine(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    const onData = (d: Buffer) => {
      data += d.toString();
      const line = data.split('\r\n')[0];
      if (data.includes('\r\n')) {
        socket.off('data', onData);
        resolve(line!);
      }
    };
    socket.on('data', onData);
    socket.once('close', () => resolve(data ? data.split('\r\n')[0]! : 'closed'));
    socket.once('error', () => resolve('closed'));
  });
}

// One process serves both tests below, which would otherwise each start their own: the lock test
// leaves it running, and the SIGTERM test stops it.
describe('a running server', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer(env());
  });
  afterAll(async () => {
    if (server.proc.exitCode === null && server.proc.signalCode === null) {
      server.proc.kill('SIGKILL');
      await server.exited;
    }
  });

  describe('the data directory lock', () => {
    it('stops a second process on the same PGlite data directory with a clear message', async () => {
      if (serverEnv.DATABASE_URL) {
        // Several processes sharing PostgreSQL is the supported scale-out: a second one starts fine.
        const second = await startServer(env());
        expect((await fetch(`${second.url}/api/ready`)).status).toBe(200);
        second.proc.kill('SIGTERM');
        expect(await second.exited).toEqual({ code: 0, signal: null });
        expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
        return;
      }
      await expect(startServer(env())).rejects.toThrow(/is in use by another Dalil process/);
      // The owner goes on serving.
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    });
  });

  describe('SIGTERM', () => {
    it('finishes the request in flight, refuses new ones, and exits 0 within 10 s', async () => {
      const { port } = new URL(server.url);
      const open = () =>
        new Promise<Socket>((resolve, reject) => {
          const s = connect(Number(port), '127.0.0.1', () => resolve(s));
          s.once('error', reject);
        });

      // A sign-in whose body is only half sent: the server has it, and must wait for the rest.
      const payload = JSON.stringify({ username: 'admin', password: 'admin-test-password' });
      const inFlight = await open();
      const inFlightStatus = statusLine(inFlight);
      inFlight.write(
        `POST /api/admin/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload.slice(0, 10)}`,
      );
      // A real wait: the headers must reach the server before the signal, and at info it logs no arrival.
      await new Promise((r) => setTimeout(r, 300));

      const signalledAt = Date.now();
      server.proc.kill('SIGTERM');
      await waitFor(() => server.output().includes('SIGTERM received'));

      // A new connection is refused or answered 503, never served.
      const late = await open().catch(() => null);
      if (late) {
        const lateStatus = statusLine(late);
        late.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
        expect(await lateStatus).toMatch(/^(HTTP\/1\.1 503|closed)/);
        late.destroy();
      }

      inFlight.write(payload.slice(10));
      expect(await inFlightStatus).toBe('HTTP/1.1 200 OK');
      inFlight.destroy();

      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(server.output()).toContain('stopped cleanly');
    });
  });
});
