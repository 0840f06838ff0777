import type { KpiFormat } from '../common/api';
import { formatCount } from '@civic/sdk/common/format';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export function formatValue(value: number | null, format: KpiFormat): string {
  if (value === null) return '—';
  if (format === 'percent') return `${(value * 100).toFixed(1)}%`;
  if (format === 'rating' || format === 'decimal') return value.toFixed(2);
  return formatCount(value);
}

/** "+12.5%" / "−3.0%" / "—". */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  const pct = (change * 100).toFixed(1);
  return change > 0 ? `+${pct}%` : change < 0 ? `−${pct.slice(1)}%` : '0.0%';
}

export const percent = (value: number | null) => formatValue(value, 'percent');
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
