/** The PostgreSQL server behind TEST_DATABASE_URL, as the suite's files and its global setup reach it. */
import pg from 'pg';

/** Runs one statement on the PostgreSQL server at `serverUrl`. */
export async function onServer(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `serverUrl` pointing at the database `name` of the same server. */
export function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
