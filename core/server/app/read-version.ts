import fs from 'node:fs';

/** The console version from the one version file (repo-root version.json). */
export function readVersion(file: string): string {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown };
  if (typeof parsed.version !== 'string' || parsed.version === '') throw new Error(`${file} has no "version"`);
  return parsed.version;
}
