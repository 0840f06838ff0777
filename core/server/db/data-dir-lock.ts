import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(readonly dir: string, readonly pid: number) {
    super(
      `Another Civic Console process (pid ${pid}) is using the data folder ${dir}. ` +
        'Stop that process first, or point CIVIC_DATA_DIR at another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Locks held by this process, so a second open of the same folder in-process is refused too. */
const heldByThisProcess = new Set<string>();

/**
 * PGlite is single-process: two processes on one data folder corrupt it. A lock file holding the
 * owner's pid guards it; a lock whose process is gone (a crash, a kill -9) is taken over.
 */
export class DataDirLock {
  private released = false;

  private constructor(readonly file: string) {}

  static acquire(dir: string): DataDirLock {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'civic.lock');
    const key = path.resolve(file);
    if (heldByThisProcess.has(key)) throw new DataDirLockedError(dir, process.pid);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
        heldByThisProcess.add(key);
        return new DataDirLock(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = readOwner(file);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) throw new DataDirLockedError(dir, owner);
      // Stale (owner gone, or unreadable half-written file): remove and try once more. If another
      // process wins that race, its `wx` write succeeds and ours fails, and the loop reports it.
      fs.rmSync(file, { force: true });
    }
    throw new DataDirLockedError(dir, readOwner(file) ?? 0);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    heldByThisProcess.delete(path.resolve(this.file));
    if (readOwner(this.file) === process.pid) fs.rmSync(this.file, { force: true });
  }
}

function readOwner(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
