import { FormGroup, HTMLSelect, InputGroup } from '@civic/sdk/web/blueprint';
import { useService } from '@civic/sdk/web';
import { observer } from '@civic/sdk/web/mobx';
import type { RangeInfo } from '../common/api';
import { RANGE_PRESETS } from '../common/date-range';
import { AnalyticsFilters } from './analytics-filters';

const PRESET_LABELS: Record<number, string> = { 0: 'Today', 1: 'Yesterday', 3: 'Last 3 days', 5: 'Last 5 days', 7: 'Last 7 days', 30: 'Last 30 days', 60: 'Last 60 days', 365: 'Last 365 days' };

/** §9 range presets (default the last 30 days ending yesterday) or custom days; channel and environment filters. */
export const AnalyticsToolbar = observer(function AnalyticsToolbar({ channels, range, filters: showFilters = true }: { channels: string[]; range?: RangeInfo; filters?: boolean }) {
  const filters = useService<AnalyticsFilters>(AnalyticsFilters);
  const custom = filters.preset === 'custom';
  return (
    <div className="civic-analytics-toolbar">
      <FormGroup label="Date range" labelFor="analytics-range" inline>
        <HTMLSelect
          id="analytics-range"
          value={filters.preset}
          onChange={(e) => {
            const preset = e.target.value;
            // Custom starts from the range on screen, so the dates are filled in.
            filters.set(preset === 'custom' && range && !filters.from ? { preset, from: range.from, to: range.to } : { preset });
          }}
        >
          {RANGE_PRESETS.map((p) => (
            <option key={p} value={String(p)}>
              {PRESET_LABELS[p]}
            </option>
          ))}
          <option value="custom">Custom dates</option>
        </HTMLSelect>
      </FormGroup>
      {custom && (
        <>
          <FormGroup label="From" labelFor="analytics-from" inline>
            <InputGroup id="analytics-from" type="date" value={filters.from} onChange={(e) => filters.set({ from: e.target.value })} />
          </FormGroup>
          <FormGroup
            label="To"
            labelFor="analytics-to"
            inline
            intent={filters.problem ? 'danger' : 'none'}
            helperText={filters.problem ? <span id="analytics-to-error">{filters.problem}</span> : undefined}
          >
            <InputGroup
              id="analytics-to"
              type="date"
              value={filters.to}
              onChange={(e) => filters.set({ to: e.target.value })}
              aria-invalid={filters.problem ? true : undefined}
              aria-describedby={filters.problem ? 'analytics-to-error' : undefined}
            />
          </FormGroup>
        </>
      )}
      {showFilters && (
      <FormGroup label="Channel" labelFor="analytics-channel" inline>
        <HTMLSelect id="analytics-channel" value={filters.channel} onChange={(e) => filters.set({ channel: e.target.value })}>
          <option value="">All channels</option>
          {[...new Set([...channels, ...(filters.channel ? [filters.channel] : [])])].map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      )}
      {showFilters && (
        <FormGroup label="Environment" labelFor="analytics-environment" inline>
          <HTMLSelect id="analytics-environment" value={filters.environment} onChange={(e) => filters.set({ environment: e.target.value })}>
            <option value="">All environments</option>
            <option value="production">Production</option>
            <option value="draft">Draft</option>
          </HTMLSelect>
        </FormGroup>
      )}
      {range && (
        <span className="bp6-text-muted civic-analytics-range" role="status">
          {formatDay(range.from)} – {formatDay(range.to)} ({range.timeZone})
        </span>
      )}
    </div>
  );
});

export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
}
