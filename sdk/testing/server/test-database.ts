import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '@civic/core/server/config/server-config';

export interface TestDatabase {
  target: DatabaseTarget;
  /** Folder for the data dir (keys, lock) of this run. */
  dataDir: string;
  /** Drops the PostgreSQL database / removes the PGlite folder. */
  dispose(): Promise<void>;
}

/**
 * A fresh, empty database per test file: PGlite in a temporary folder, or — when DATABASE_URL is
 * set — a new `civic_test_<random>` database on that server, dropped afterwards, so runs never see
 * each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'civic-api-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    return { target: { kind: 'pglite', dir: path.join(dataDir, 'pglite') }, dataDir, dispose: async () => removeDir() };
  }
  const name = `civic_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    dataDir,
    dispose: async () => {
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      removeDir();
    },
  };
}

async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
