import { sql, type DbExecutor } from '@civic/sdk/server';
import { POINT_CLOUD_CAP, type ConfidencePointsInfo, type PackedConfidencePoints } from '../common/api';
import { encodePointColumns } from '../common/point-cloud-codec';
import { pointHourly, rangeInfo, rowsOf, type ReportScope } from './report-scope';

/** One row of packed points (rollup.ts PACKED_TURN): an hour of one environment and channel. */
export interface PackedHour {
  hour: Date;
  points: Uint8Array;
}

/** The packed turns of one hour, several rows (environments, channels) merged into time order. */
function hourValues(rows: PackedHour[]): Int32Array {
  const values = new Int32Array(rows.reduce((n, r) => n + r.points.byteLength / 4, 0));
  let at = 0;
  for (const { points } of rows) {
    const view = new DataView(points.buffer, points.byteOffset, points.byteLength);
    for (let offset = 0; offset < points.byteLength; offset += 4) values[at++] = view.getInt32(offset);
  }
  // The second is the top bits: a numeric sort is a sort by time.
  return rows.length > 1 ? values.sort() : values;
}

/** The points of a range before they are packed for the answer: seconds after its start and `pointValue`s. */
export interface PointColumns extends Omit<ConfidencePointsInfo, 'range'> {
  seconds: Uint32Array;
  /** confidence thousandths << 1 | fallback (common/point-cloud-codec.ts pointValue). */
  values: Uint16Array;
}

/**
 * The points of [start, end) from hourly rows in hour order: every turn, or above `cap` every
 * `step`-th in time order. Typed columns throughout: 100,000 points make no JavaScript number arrays.
 */
export function unpackPoints(rows: PackedHour[], start: Date, end: Date, cap = POINT_CLOUD_CAP): PointColumns {
  const first = start.getTime();
  const last = end.getTime();
  const most = rows.reduce((n, r) => n + r.points.byteLength / 4, 0);
  const seconds = new Uint32Array(most);
  const values = new Uint16Array(most);
  let total = 0;
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    while (j < rows.length && rows[j].hour.getTime() === rows[i].hour.getTime()) j++;
    const hour = rows[i].hour.getTime();
    for (const value of hourValues(rows.slice(i, j))) {
      const at = hour + (value >>> 11) * 1000;
      if (at < first || at >= last) continue;
      seconds[total] = (at - first) / 1000;
      values[total++] = value & 2047;
    }
    i = j;
  }
  const step = Math.max(1, Math.ceil(total / cap));
  const kept = Math.ceil(total / step);
  const out = { seconds: new Uint32Array(kept), values: new Uint16Array(kept) };
  for (let k = 0; k < kept; k++) {
    out.seconds[k] = seconds[k * step];
    out.values[k] = values[k * step];
  }
  return { start: start.toISOString(), end: end.toISOString(), total, cap, step, ...out };
}

const HOUR_MS = 3_600_000;

/** Rows framed one after another: int4 hours since 1970, int4 number of points, the points. */
export function framedHours(bytes: Uint8Array): PackedHour[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: PackedHour[] = [];
  for (let offset = 0; offset < bytes.byteLength; ) {
    const hour = new Date(view.getInt32(offset) * HOUR_MS);
    const length = view.getInt32(offset + 4) * 4;
    rows.push({ hour, points: bytes.subarray(offset + 8, offset + 8 + length) });
    offset += 8 + length;
  }
  return rows;
}

/**
 * The confidence point cloud of a scope: the hourly packed points, the live tail included, read as one
 * base64 text of framed rows (PGlite hands bytea over as hex text, parsed in JavaScript: about ten times
 * slower for a month of hours), answered packed (common/point-cloud-codec.ts).
 */
export async function intentPoints(db: DbExecutor, scope: ReportScope): Promise<PackedConfidencePoints> {
  const [row] = rowsOf(
    await db.execute(sql`select encode(string_agg(int4send((extract(epoch from hour) / 3600)::int) || int4send(length(points) / 4) || points, ''::bytea order by hour), 'base64') as framed
      from ${pointHourly(scope)}`),
  );
  const rows = framedHours(Buffer.from(String(row?.framed ?? ''), 'base64'));
  const { seconds, values, ...info } = unpackPoints(rows, scope.range.start, scope.range.end);
  return { range: rangeInfo(scope.range), ...info, count: seconds.length, points: encodePointColumns(seconds, values) };
}
