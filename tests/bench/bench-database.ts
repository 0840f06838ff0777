import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';

const ROOT = join(import.meta.dirname, '../..');

export interface BenchDatabase {
  /** Environment for the console: the database and throwaway keys. */
  env: Record<string, string>;
  label: string;
  dispose(): Promise<void>;
}

/** Runs one statement on a server's maintenance connection (create or drop a database). */
export async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * With DATABASE_URL set, a fresh `civic_bench_<random>` database on that server, seeded with the demo
 * data through `npm run seed`'s entry point and dropped afterwards; otherwise the embedded PGlite.
 * `server` chooses another server (or none: `{}`) than DATABASE_URL's.
 */
export async function benchDatabase(password: string, server: { url?: string } = { url: process.env.DATABASE_URL }): Promise<BenchDatabase> {
  const adminUrl = server.url;
  if (!adminUrl) return { env: {}, label: 'embedded PGlite', dispose: async () => undefined };
  const name = `civic_bench_${randomBytes(5).toString('hex')}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), CIVIC_EPHEMERAL_KEYS: '1', CIVIC_DEMO_PASSWORD: password };
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'host/server/seed-cli.ts'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seeding the bench database failed:\n${seeded.stdout}${seeded.stderr}`);
  return {
    env,
    label: 'PostgreSQL',
    dispose: () => admin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
