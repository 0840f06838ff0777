import { deflateSync, inflateSync } from '@civic/sdk/server/compression';

/*
 * A trained model as bytes, for the model store. The model's transfer form (plain data and typed
 * arrays) is written as a JSON outline plus the arrays' raw bytes — not as JSON numbers — and an
 * array that is mostly zeros (the hashed IDF tables: 12 MB dense, a few thousand buckets used) as
 * the positions and values of the cells that differ from its usual value (0, or -1 for "no row"). Generic over the outline, so the classifier's shape may
 * change without touching this file.
 */

const MAGIC = 0x314d4343; // "CCM1", little-endian
const DEFLATED = 0x5a4d4343; // "CCMZ": encodeModel's bytes, deflated
const KINDS = { Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array } as const;
type KindName = keyof typeof KINDS;
type Typed = InstanceType<(typeof KINDS)[KindName]>;

/** An array's place in the outline: kind, length, and where its bytes are (sparse: positions, then values). */
interface ArrayRef {
  $array: KindName;
  length: number;
  offset: number;
  sparse?: number;
  /** The value of every cell not listed (sparse arrays). */
  fill?: number;
}

function kindOf(value: unknown): KindName | null {
  for (const name of Object.keys(KINDS) as KindName[]) if (value instanceof KINDS[name]) return name;
  return null;
}

const align8 = (n: number) => (n + 7) & ~7;

/** The most common of a few likely background values (0, -1, the first and last cell). */
function usualValue(array: Typed): number {
  if (array.length === 0) return 0;
  let best = 0;
  let bestCount = -1;
  for (const candidate of new Set([0, -1, array[0], array[array.length - 1]])) {
    let count = 0;
    for (let i = 0; i < array.length; i++) if (array[i] === candidate) count++;
    if (count > bestCount) [best, bestCount] = [candidate, count];
  }
  return best;
}

/** The model's data as bytes (typed arrays anywhere in it are kept exactly). */
export function encodeModel(data: unknown): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const put = (bytes: Uint8Array): number => {
    const offset = size;
    chunks.push(bytes);
    size = align8(size + bytes.byteLength);
    return offset;
  };
  const outline = JSON.stringify(data, function (this: unknown, key: string, value: unknown) {
    // JSON.stringify calls toJSON-less typed arrays with the array itself: read it from the holder.
    const raw = key === '' ? value : (this as Record<string, unknown>)[key];
    const kind = kindOf(raw);
    if (!kind) return value;
    const array = raw as Typed;
    const fill = usualValue(array);
    let listed = 0;
    for (let i = 0; i < array.length; i++) if (array[i] !== fill) listed++;
    if (listed * 2 < array.length) {
      const positions = new Uint32Array(listed);
      const values = new KINDS[kind](listed) as Typed;
      for (let i = 0, j = 0; i < array.length; i++) {
        if (array[i] === fill) continue;
        positions[j] = i;
        values[j++] = array[i];
      }
      const offset = put(new Uint8Array(positions.buffer));
      put(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
      return { $array: kind, length: array.length, offset, sparse: listed, fill } satisfies ArrayRef;
    }
    return { $array: kind, length: array.length, offset: put(new Uint8Array(array.buffer, array.byteOffset, array.byteLength)) } satisfies ArrayRef;
  });
  const head = new TextEncoder().encode(outline);
  const start = align8(8 + head.byteLength);
  const out = new Uint8Array(start + size);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, head.byteLength, true);
  out.set(head, 8);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, start + offset);
    offset = align8(offset + chunk.byteLength);
  }
  return out;
}

/** The data back from `encodeModel`'s bytes (fresh, aligned typed arrays). */
export function decodeModel<T>(bytes: Uint8Array): T {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 8 || view.getUint32(0, true) !== MAGIC) throw new Error('Not a stored model');
  const headLength = view.getUint32(4, true);
  const start = align8(8 + headLength);
  // A copy of exactly those bytes: `bytes` may be a Node Buffer (node-postgres gives bytea as one),
  // whose slice() is a view and whose .buffer is a whole shared pool.
  const slice = (offset: number, byteLength: number) => new Uint8Array(bytes.subarray(start + offset, start + offset + byteLength)).buffer;
  const outline = new TextDecoder().decode(bytes.subarray(8, 8 + headLength));
  return JSON.parse(outline, (_key, value: unknown) => {
    const ref = value as ArrayRef | null;
    if (!ref || typeof ref !== 'object' || typeof ref.$array !== 'string' || !(ref.$array in KINDS)) return value;
    const Kind = KINDS[ref.$array];
    if (ref.sparse === undefined) return new Kind(slice(ref.offset, ref.length * Kind.BYTES_PER_ELEMENT));
    const positions = new Uint32Array(slice(ref.offset, ref.sparse * 4));
    const values = new Kind(slice(align8(ref.offset + ref.sparse * 4), ref.sparse * Kind.BYTES_PER_ELEMENT)) as Typed;
    const array = new Kind(ref.length) as Typed;
    if (ref.fill) array.fill(ref.fill);
    for (let j = 0; j < ref.sparse; j++) array[positions[j]] = values[j];
    return array;
  }) as T;
}

/**
 * What the store keeps: `encodeModel`'s bytes deflated (the positions and raw floats shrink by
 * about half, and on PGlite the row's write costs the connection time by its size). Made on the
 * training thread, so the request thread neither encodes nor compresses.
 */
export function packModel(data: unknown): Uint8Array {
  const deflated = deflateSync(encodeModel(data), { level: 1 });
  const out = new Uint8Array(8 + deflated.byteLength);
  new DataView(out.buffer).setUint32(0, DEFLATED, true);
  out.set(deflated, 8);
  return out;
}

/** The data back from `packModel`'s bytes, or from `encodeModel`'s (rows stored before packing). */
export function unpackModel<T>(bytes: Uint8Array): T {
  const deflated = bytes.byteLength >= 8 && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === DEFLATED;
  return decodeModel<T>(deflated ? inflateSync(bytes.subarray(8)) : bytes);
}
