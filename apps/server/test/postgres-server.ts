import pg from 'pg';

/** Runs one statement on the PostgreSQL server at `adminUrl` (create or drop a database), on its own connection. */
async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates database `name` on the server at `adminUrl`, empty or as a copy of `template`: its address,
 * and how to drop it again (closing whatever is still connected to it). Tests and benches use it for
 * the databases they make and throw away.
 */
export async function createDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  await onServer(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
