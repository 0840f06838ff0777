/**
 * Unpacks an untrusted zip without trusting what it says about itself. The central directory is read
 * first (names, counts and declared sizes checked before anything is inflated), then each entry is
 * inflated in small steps that count the bytes really produced: an entry that inflates past its
 * declared size, or a total past the limit, stops at once instead of after the bomb has gone off.
 * Synchronous and CPU-bound: the server runs it on a worker thread (see `untrusted-file.ts`).
 */
import { Inflate } from 'fflate';

export interface ZipLimits {
  maxFiles: number;
  /** Real inflated bytes of all entries together. */
  maxUnpackedBytes: number;
  /** Declared ratio above which an entry larger than 1 MB is refused before it is inflated. */
  maxRatio: number;
}

export type ZipProblem = 'not-zip' | 'corrupt' | 'too-many-files' | 'unsafe-name' | 'too-big' | 'bomb';

/** Why a zip was refused; `kind` tells the caller which 4xx to answer, `entry` names the file when one is to blame. */
export class ZipReadError extends Error {
  constructor(
    readonly kind: ZipProblem,
    message: string,
    readonly entry?: string,
  ) {
    super(message);
    this.name = 'ZipReadError';
  }
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const MB = 1024 * 1024;
// Deflate expands at most ~1,032×: a 4 KB step yields at most ~4 MB before the count is checked.
const STEP = 4 * 1024;
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

/** Zip-slip and other names no archive of ours has. */
export function isUnsafeZipName(name: string): boolean {
  return name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name) || name.split('/').some((segment) => segment === '..') || /[\u0000-\u001f]/.test(name);
}

const ZIP_MAGIC = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
];

/** True when the data starts like a zip (a local file header, or the end record of an empty zip). */
export function isZipData(data: Uint8Array): boolean {
  return ZIP_MAGIC.some((magic) => magic.every((byte, i) => data[i] === byte));
}

function centralDirectory(data: Uint8Array): Entry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const corrupt = () => new ZipReadError('corrupt', 'damaged zip');
  let end = -1;
  // The end record is the last 22 bytes plus a comment of at most 65,535 bytes.
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw corrupt();
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === ZIP64_MARK) throw new ZipReadError('too-big', 'zip64 archive');
  const decoder = { utf8: new TextDecoder('utf-8'), latin1: new TextDecoder('latin1') };
  const entries: Entry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > data.length || view.getUint32(at, true) !== CENTRAL) throw corrupt();
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (at + 46 + skip > data.length) throw corrupt();
    const rawName = data.subarray(at + 46, at + 46 + nameLength);
    entries.push({
      // Bit 11: the name is UTF-8; otherwise the old code page (read as Latin-1, as fflate does).
      name: (flags & 0x800 ? decoder.utf8 : decoder.latin1).decode(rawName),
      method: flags & 1 ? -1 : view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + skip;
  }
  return entries;
}

function inflateEntry(data: Uint8Array, entry: Entry, room: number): Uint8Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = entry.localOffset;
  if (at + 30 > data.length || view.getUint32(at, true) !== LOCAL) throw new ZipReadError('corrupt', 'damaged zip');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const stop = start + entry.compressedSize;
  if (stop > data.length) throw new ZipReadError('corrupt', 'damaged zip');
  const raw = data.subarray(start, stop);
  if (entry.method === 0) {
    if (raw.length !== entry.size) throw new ZipReadError('corrupt', 'damaged zip');
    return raw.slice();
  }
  if (entry.method !== 8) throw new ZipReadError('corrupt', `compression method ${entry.method}`);
  const out = new Uint8Array(entry.size);
  let written = 0;
  let ended = false;
  const inflate = new Inflate((chunk, final) => {
    if (written + chunk.length > entry.size) throw new ZipReadError('bomb', 'an entry inflates past its declared size', entry.name);
    if (written + chunk.length > room) throw new ZipReadError('too-big', 'too many unpacked bytes');
    out.set(chunk, written);
    written += chunk.length;
    ended ||= final;
  });
  try {
    for (let offset = 0; offset < raw.length && !ended; offset += STEP) inflate.push(raw.subarray(offset, offset + STEP), offset + STEP >= raw.length);
  } catch (error) {
    if (error instanceof ZipReadError) throw error;
    throw new ZipReadError('corrupt', 'damaged zip');
  }
  if (written !== entry.size) throw new ZipReadError('corrupt', 'an entry is shorter than declared');
  return out;
}

/**
 * The files of a zip (folders left out), or a ZipReadError: not a zip, damaged, unsafe names, more
 * than `maxFiles` entries, declared or real sizes past the limits. `wanted` picks the entries to
 * inflate (all by default); every entry's name is checked all the same.
 */
export function unzipBounded(data: Uint8Array, limits: ZipLimits, wanted: (name: string) => boolean = () => true): Record<string, Uint8Array> {
  if (!isZipData(data)) throw new ZipReadError('not-zip', 'not a zip');
  const entries = centralDirectory(data);
  if (entries.length > limits.maxFiles) throw new ZipReadError('too-many-files', `${entries.length} files`);
  let declared = 0;
  const chosen: Entry[] = [];
  for (const entry of entries) {
    if (isUnsafeZipName(entry.name)) throw new ZipReadError('unsafe-name', 'unsafe name', entry.name);
    if (entry.name.endsWith('/') || !wanted(entry.name)) continue;
    if (entry.size === ZIP64_MARK || entry.compressedSize === ZIP64_MARK) throw new ZipReadError('too-big', 'zip64 entry');
    declared += entry.size;
    if (declared > limits.maxUnpackedBytes) throw new ZipReadError('too-big', 'too many unpacked bytes');
    if (entry.size > MB && entry.size > entry.compressedSize * limits.maxRatio) throw new ZipReadError('bomb', 'compression ratio', entry.name);
    chosen.push(entry);
  }
  const files: Record<string, Uint8Array> = {};
  let unpacked = 0;
  for (const entry of chosen) {
    const content = inflateEntry(data, entry, limits.maxUnpackedBytes - unpacked);
    unpacked += content.length;
    files[entry.name] = content;
  }
  return files;
}
