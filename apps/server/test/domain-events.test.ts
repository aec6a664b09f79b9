import { sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publishChange, SUBSCRIBERS } from '../src/core/domain-events';
import { resultRows } from '../src/lib/db-helpers';
import { bearer, createTestApp, type TestApp } from './harness';
import { startReceiver, type Receiver } from './webhook-receiver';

// The domain event bus (docs/decisions/0066-domain-events.md) on a real database: a write's event
// reaches the history, then the webhook outbox, in the write's transaction, and a subscriber that
// fails takes the whole write back. Database triggers watch and refuse the subscribers' inserts.

let t: TestApp;
let admin = '';
let receiver: Receiver;

beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  admin = await t.adminToken();
  receiver = await startReceiver();
  const events = ['family.created', 'family.updated', 'category.deleted', 'family.deleted'];
  const res = await call('POST', '/api/webhook', { url: `${receiver.url}/hook`, events });
  expect(res.statusCode, res.body).toBe(201);
  await run(sql`create table bus_test_log (n serial primary key, written text not null)`);
  await run(sql`create function bus_test_note() returns trigger language plpgsql as $$
    begin insert into bus_test_log (written) values (tg_table_name); return new; end $$`);
  await run(sql`create function bus_test_refuse() returns trigger language plpgsql as $$
    begin raise exception 'refused by the test'; end $$`);
});
afterEach(async () => {
  for (const table of ['activity', 'webhook_messages']) {
    await run(sql.raw(`drop trigger if exists bus_test_note on ${table}`));
    await run(sql.raw(`drop trigger if exists bus_test_refuse on ${table}`));
  }
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

function run(query: SQL) {
  return t.database.db.execute(query);
}

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
}

/** Adds a trigger on `table` that runs `action` (note or refuse) before each inserted row. */
const watch = (table: 'activity' | 'webhook_messages', action: 'note' | 'refuse') =>
  run(
    sql.raw(`create trigger bus_test_${action} before insert on ${table}
      for each row execute function bus_test_${action}()`),
  );

const count = async (table: string, where = sql`true`) =>
  resultRows<{ n: number }>(
    await run(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`),
  )[0]!.n;

/** What the subscribers wrote, in the order they wrote it. */
const written = async () =>
  resultRows<{ written: string }>(await run(sql`select written from bus_test_log order by n`)).map(
    (r) => r.written,
  );

/** How many history entries, webhook messages and families there are now. */
const state = async () => ({
  history: await count('activity'),
  messages: await count('webhook_messages'),
  families: await count('families'),
});

async function family(nameEn: string): Promise<{ id: number; nameEn: string; nameAr: string }> {
  const res = await call('POST', '/api/family', { nameEn, nameAr: `عائلة ${nameEn}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('the domain event bus', () => {
  it('hands each write to the history first and the webhook outbox last', async () => {
    expect(SUBSCRIBERS.map((s) => s.name)).toEqual(['history', 'webhook outbox']);
    await watch('activity', 'note');
    await watch('webhook_messages', 'note');
    const fam = await family('Ordered');
    const res = await call('PATCH', `/api/family/${fam.id}`, { nameEn: 'Ordered again' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await written()).toEqual(['activity', 'webhook_messages', 'activity', 'webhook_messages']);
  });

  it('takes the whole write back when the last subscriber fails', async () => {
    await watch('webhook_messages', 'refuse');
    const before = await state();
    const res = await call('POST', '/api/family', { nameEn: 'Refused', nameAr: 'مرفوضة' });
    expect(res.statusCode, res.body).toBe(500);
    // The history entry the first subscriber wrote went with the write.
    expect(await state()).toEqual(before);
    expect(await count('families', sql`name_en = 'Refused'`)).toBe(0);
  });

  it('takes the whole write back when the first subscriber fails', async () => {
    const fam = await family('Kept');
    await watch('activity', 'refuse');
    const before = await state();
    const res = await call('PATCH', `/api/family/${fam.id}`, { nameEn: 'Never kept' });
    expect(res.statusCode, res.body).toBe(500);
    expect(await state()).toEqual(before);
    const read = await call('GET', `/api/family/${fam.id}`);
    expect(read.json()).toMatchObject({ id: fam.id, nameEn: 'Kept' });
  });

  it('takes a set-based write back when a subscriber refuses its records', async () => {
    const fam = await family('Cascade');
    const res = await call('POST', '/api/category', { nameEn: 'Tea', nameAr: 'شاي', family: fam.id });
    expect(res.statusCode, res.body).toBe(201);
    const cat = res.json<{ id: number }>();
    await watch('webhook_messages', 'refuse');
    const before = { ...(await state()), bin: await count('bin_entries') };
    // The delete publishes its category's deletion (a set-based write) before the family's own.
    const del = await call('DELETE', `/api/family/${fam.id}`);
    expect(del.statusCode, del.body).toBe(500);
    expect({ ...(await state()), bin: await count('bin_entries') }).toEqual(before);
    expect((await call('GET', `/api/family/${fam.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/category/${cat.id}`)).statusCode).toBe(200);
  });

  it('runs the subscribers in a transaction of their own when a change is published outside one', async () => {
    const fam = await family('Outside');
    await watch('webhook_messages', 'refuse');
    const before = await state();
    const published = publishChange(t.database.db, null, {
      entity: 'family',
      action: 'update',
      entityId: fam.id,
      family: fam.id,
      before: fam,
      after: { ...fam, nameEn: 'Outside, changed' },
    });
    await expect(published).rejects.toThrow();
    // Without the transaction the history entry would have stayed.
    expect(await state()).toEqual(before);
  });
});
