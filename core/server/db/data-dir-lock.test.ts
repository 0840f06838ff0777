import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { DataDirLock, DataDirLockedError } from './data-dir-lock';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'civic-lock-'));

test('a second lock on the same folder is refused until the first is released', () => {
  const dir = tempDir();
  const lock = DataDirLock.acquire(dir);
  assert.equal(fs.readFileSync(path.join(dir, 'civic.lock'), 'utf8').trim(), String(process.pid));
  assert.throws(() => DataDirLock.acquire(dir), DataDirLockedError);
  lock.release();
  assert.equal(fs.existsSync(path.join(dir, 'civic.lock')), false);
  DataDirLock.acquire(dir).release();
});

test('a lock held by a live process is refused with its pid', async () => {
  const dir = tempDir();
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  try {
    fs.writeFileSync(path.join(dir, 'civic.lock'), `${child.pid}\n`);
    assert.throws(() => DataDirLock.acquire(dir), (error: unknown) => {
      assert.ok(error instanceof DataDirLockedError);
      assert.equal(error.pid, child.pid);
      assert.match(error.message, /Another Civic Console process \(pid \d+\) is using the data folder/);
      return true;
    });
  } finally {
    child.kill();
  }
});

test('a stale lock (dead owner) is taken over', async () => {
  const dir = tempDir();
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  fs.writeFileSync(path.join(dir, 'civic.lock'), `${child.pid}\n`);
  const lock = DataDirLock.acquire(dir);
  assert.equal(fs.readFileSync(path.join(dir, 'civic.lock'), 'utf8').trim(), String(process.pid));
  lock.release();
});
