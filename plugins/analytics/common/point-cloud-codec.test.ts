import type { ConfidencePoints } from './api';
import { decodeConfidencePoints, encodeConfidencePoints, encodePointColumns, POINT_BYTES, pointValue } from './point-cloud-codec';

const range = { from: '2026-02-08', to: '2026-03-09', days: 30, timeZone: 'Asia/Singapore', previous: { from: '2026-01-09', to: '2026-02-07' } };

function cloud(seconds: number[], confidence: number[], fallback: number[]): ConfidencePoints {
  return { range, start: '2026-02-07T16:00:00.000Z', end: '2026-03-09T16:00:00.000Z', total: seconds.length, cap: 100_000, step: 1, seconds: Uint32Array.from(seconds), confidence: Float64Array.from(confidence), fallback: Uint8Array.from(fallback) };
}

describe('the point cloud codec', () => {
  it('reads back exactly what it packed, the edges included', () => {
    const points = cloud([0, 1, 59, 65_536, 2_591_999, 2 ** 32 - 1], [0, 0.001, 0.5, 0.999, 1, 0.123], [1, 0, 1, 0, 0, 1]);
    const packed = encodeConfidencePoints(points);
    expect(packed.count).toBe(6);
    expect(atob(packed.points)).toHaveLength(6 * POINT_BYTES);
    const back = decodeConfidencePoints(packed);
    expect(back).toEqual(points);
    expect([...back.confidence]).toEqual([0, 0.001, 0.5, 0.999, 1, 0.123]);
  });

  it('round-trips 100,000 points, as many as a cloud carries', () => {
    const n = 100_000;
    const points = cloud(
      Array.from({ length: n }, (_, i) => i * 26),
      Array.from({ length: n }, (_, i) => ((i * 7919) % 1001) / 1000),
      Array.from({ length: n }, (_, i) => Number(i % 3 === 0)),
    );
    const back = decodeConfidencePoints(encodeConfidencePoints(points));
    // Counted by hand: toEqual on 100,000-entry arrays takes seconds.
    const differ = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).filter((v, i) => !Object.is(v, b[i])).length + Math.abs(a.length - b.length);
    expect([differ(back.seconds, points.seconds), differ(back.confidence, points.confidence), differ(back.fallback, points.fallback)]).toEqual([0, 0, 0]);
    expect(back.seconds).toHaveLength(n);
  });

  it('lays the columns out little-endian: all seconds, then all values', () => {
    const text = encodePointColumns([1, 0x01020304], [pointValue(0.25, true), pointValue(1, false)]);
    expect([...atob(text)].map((c) => c.charCodeAt(0))).toEqual([1, 0, 0, 0, 4, 3, 2, 1, 501 & 255, 501 >> 8, 2000 & 255, 2000 >> 8]);
    expect(encodePointColumns([], [])).toBe('');
  });

  it('refuses points that do not add up', () => {
    expect(() => encodePointColumns([1, 2], [3])).toThrow('2 seconds but 1 values');
    const packed = encodeConfidencePoints(cloud([1, 2], [0.5, 0.5], [0, 0]));
    expect(() => decodeConfidencePoints({ ...packed, count: 3 })).toThrow('the points are 12 bytes, not 18');
  });
});
