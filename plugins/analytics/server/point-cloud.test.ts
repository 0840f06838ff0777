import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pointValue } from '../common/point-cloud-codec';
import { framedHours, unpackPoints, type PackedHour } from './point-cloud';

const HOUR = 3_600_000;
const start = new Date('2026-03-01T00:00:00Z');

/** An hour's row as the rollup packs it: [second, confidence, fallback] a turn. */
function row(hourIndex: number, turns: Array<[number, number, boolean]>): PackedHour {
  const points = new Uint8Array(turns.length * 4);
  const view = new DataView(points.buffer);
  turns.forEach(([second, confidence, fallback], i) => view.setInt32(i * 4, (second << 11) | (Math.round(confidence * 1000) << 1) | Number(fallback)));
  return { hour: new Date(start.getTime() + hourIndex * HOUR), points };
}

test('points come out in time order as columns, rows of one hour merged, the range edges exact', () => {
  const rows = [
    row(-1, [[3599, 0.5, false]]),
    row(0, [[10, 0.9, false], [3599, 1, false]]),
    row(0, [[5, 0.25, true]]),
    row(2, [[0, 0, true]]),
    row(3, [[0, 0.7, false]]),
  ];
  const end = new Date(start.getTime() + 3 * HOUR);
  const r = unpackPoints(rows, start, end);
  assert.deepEqual([...r.seconds], [5, 10, 3599, 7200]);
  assert.deepEqual([...r.values], [pointValue(0.25, true), pointValue(0.9, false), pointValue(1, false), pointValue(0, true)]);
  assert.equal(r.total, 4);
  assert.equal(r.step, 1);
  assert.equal(r.start, start.toISOString());
  assert.equal(r.end, end.toISOString());
});

test('above the cap, every step-th turn in time order', () => {
  const turns: Array<[number, number, boolean]> = Array.from({ length: 10 }, (_, i) => [i * 60, i / 10, i % 2 === 1]);
  const r = unpackPoints([row(0, turns)], start, new Date(start.getTime() + HOUR), 4);
  assert.equal(r.total, 10);
  assert.equal(r.step, 3);
  assert.deepEqual([...r.seconds], [0, 180, 360, 540]);
  assert.deepEqual([...r.values], [pointValue(0, false), pointValue(0.3, true), pointValue(0.6, false), pointValue(0.9, true)]);
  assert.equal(r.cap, 4);
});

test('no rows, no points', () => {
  const r = unpackPoints([], start, new Date(start.getTime() + HOUR));
  assert.deepEqual([r.total, r.step, r.seconds.length], [0, 1, 0]);
});

test('framed rows read back as hours and their points', () => {
  const a = row(0, [[1, 0.5, false]]);
  const b = row(5, [[2, 0.25, true], [3, 1, false]]);
  const framed = Buffer.concat([a, b].flatMap(({ hour, points }) => {
    const head = Buffer.alloc(8);
    head.writeInt32BE(hour.getTime() / HOUR, 0);
    head.writeInt32BE(points.byteLength / 4, 4);
    return [head, Buffer.from(points)];
  }));
  const rows = framedHours(framed);
  assert.deepEqual(rows.map((r) => [r.hour.toISOString(), [...r.points]]), [a, b].map((r) => [r.hour.toISOString(), [...r.points]]));
});
