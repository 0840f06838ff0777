import type { ConfidencePoints, PackedConfidencePoints } from './api';

/**
 * A turn's confidence (thousandths) and fallback as one number, `thousandths << 1 | fallback`: the low
 * 11 bits of the rollups' packed turn (server/rollup.ts PACKED_TURN), sent as they are.
 */
export function pointValue(confidence: number, fallback: boolean | number): number {
  return (Math.round(confidence * 1000) << 1) | Number(Boolean(fallback));
}

/** Bytes a point takes: its second (uint32) and its value (uint16). */
export const POINT_BYTES = 6;

/** Node's Buffer where there is one (the server): its base64 is native, ten times the speed of `btoa`. */
const NodeBuffer = (globalThis as { Buffer?: { from(buffer: ArrayBuffer, offset: number, length: number): { toString(encoding: 'base64'): string } } }).Buffer;

/** Bytes to base64; in a browser a chunk of characters at a time (one argument a byte would not fit the stack). */
function toBase64(bytes: Uint8Array): string {
  const native = bytes as Uint8Array & { toBase64?: () => string };
  if (typeof native.toBase64 === 'function') return native.toBase64();
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += 0x8000) parts.push(String.fromCharCode(...bytes.subarray(at, at + 0x8000)));
  return btoa(parts.join(''));
}

/** Typed arrays are in the platform's byte order: where it is little-endian (nearly everywhere) the columns are copied whole. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function fromBase64(text: string): Uint8Array {
  const native = Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array };
  if (typeof native.fromBase64 === 'function') return native.fromBase64(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The points as the route sends them: all seconds (uint32, little-endian), then all values (uint16,
 * see `pointValue`), in base64: 6 bytes a point, 8 characters in the answer, against about 15 as
 * JSON numbers, and read back without parsing a number per point.
 */
export function encodePointColumns(seconds: ArrayLike<number>, values: ArrayLike<number>): string {
  const count = seconds.length;
  if (values.length !== count) throw new Error(`${count} seconds but ${values.length} values`);
  const bytes = new Uint8Array(count * POINT_BYTES);
  if (LITTLE_ENDIAN) {
    new Uint32Array(bytes.buffer, 0, count).set(seconds);
    new Uint16Array(bytes.buffer, count * 4, count).set(values);
  } else {
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < count; i++) {
      view.setUint32(i * 4, seconds[i], true);
      view.setUint16(count * 4 + i * 2, values[i], true);
    }
  }
  return toBase64(bytes);
}

/** The route's answer for points already as columns (tests, and the shape `decodeConfidencePoints` reads back). */
export function encodeConfidencePoints({ seconds, confidence, fallback, ...rest }: ConfidencePoints): PackedConfidencePoints {
  const values = new Uint16Array(seconds.length);
  for (let i = 0; i < values.length; i++) values[i] = pointValue(confidence[i], fallback[i]);
  return { ...rest, count: seconds.length, points: encodePointColumns(seconds, values) };
}

/**
 * The answer's points as typed columns, straight from its bytes: no object or string a point, and
 * the confidence exactly the thousandths the server had.
 */
export function decodeConfidencePoints({ count, points, ...rest }: PackedConfidencePoints): ConfidencePoints {
  const bytes = fromBase64(points);
  if (bytes.byteLength !== count * POINT_BYTES) throw new Error(`the points are ${bytes.byteLength} bytes, not ${count * POINT_BYTES}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const aligned = LITTLE_ENDIAN && bytes.byteOffset % 4 === 0;
  const seconds = aligned ? new Uint32Array(bytes.buffer, bytes.byteOffset, count) : new Uint32Array(count);
  const values = aligned ? new Uint16Array(bytes.buffer, bytes.byteOffset + count * 4, count) : undefined;
  const confidence = new Float64Array(count);
  const fallback = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    if (!aligned) seconds[i] = view.getUint32(i * 4, true);
    const value = values ? values[i] : view.getUint16(count * 4 + i * 2, true);
    confidence[i] = (value >>> 1) / 1000;
    fallback[i] = value & 1;
  }
  return { ...rest, seconds, confidence, fallback };
}
