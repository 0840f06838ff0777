import { Card } from '@civic/sdk/web/blueprint';
import type { Kpi, RangeInfo } from '../common/api';
import { formatChange, formatValue } from './format';

/** Lower is better for these: their change reads as good when it falls. */
const LOWER_IS_BETTER = new Set<Kpi['key']>(['fallbackRate', 'thumbsDown']);

/** The dashboard's KPIs, each with the previous period's value and the change (never colour alone). */
export function KpiTiles({ kpis, range }: { kpis: Kpi[]; range: RangeInfo }) {
  return (
    <ul className="civic-analytics-kpis" aria-label="Key figures">
      {kpis.map((kpi) => {
        const better = kpi.change === null || kpi.change === 0 ? undefined : (kpi.change > 0) !== LOWER_IS_BETTER.has(kpi.key);
        return (
          <li key={kpi.key}>
            <Card className="civic-analytics-kpi">
              <p className="civic-analytics-kpi-label bp6-text-muted">{kpi.label}</p>
              <p className="civic-analytics-kpi-value">{formatValue(kpi.value, kpi.format)}</p>
              <p className={`civic-analytics-kpi-change ${better === undefined ? '' : better ? 'bp6-text-success' : 'bp6-text-danger'}`} style={{ margin: 0 }}>
                {formatChange(kpi.change)} <span className="bp6-text-muted">vs {formatValue(kpi.previous, kpi.format)} in the previous {range.days === 1 ? 'day' : `${range.days} days`}</span>
                {better !== undefined && <span className="civic-visually-hidden">{better ? ' (better)' : ' (worse)'}</span>}
              </p>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
