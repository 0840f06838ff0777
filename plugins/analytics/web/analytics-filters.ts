import { injectable } from '@civic/sdk/web/inversify';
import { makeAutoObservable } from '@civic/sdk/web/mobx';
import { DEFAULT_PRESET, rangeProblem } from '../common/date-range';

/**
 * The range and filters of the analytics pages, shared by them so that moving from the dashboard to
 * Sessions keeps what the user picked. `preset` is a §9 number of days, or 'custom' for from/to.
 */
export interface AnalyticsFilters {
  preset: string;
  from: string;
  to: string;
  channel: string;
  environment: string;
  /** Why the custom range cannot be asked for; undefined when it can. */
  readonly problem: string | undefined;
  /** The query string of a report request. */
  readonly query: Record<string, string | undefined>;
  set(change: Partial<Pick<AnalyticsFilters, 'preset' | 'from' | 'to' | 'channel' | 'environment'>>): void;
}
export const AnalyticsFilters = Symbol('analytics.AnalyticsFilters');

@injectable()
export class AnalyticsFiltersImpl implements AnalyticsFilters {
  preset = String(DEFAULT_PRESET);
  from = '';
  to = '';
  channel = '';
  environment = '';

  constructor() {
    makeAutoObservable(this);
  }

  get problem(): string | undefined {
    if (this.preset !== 'custom') return undefined;
    if (!this.from || !this.to) return 'Pick a start and an end date';
    return rangeProblem({ from: this.from, to: this.to });
  }

  get query(): Record<string, string | undefined> {
    const range = this.preset === 'custom' ? { from: this.from, to: this.to } : { preset: this.preset };
    return { ...range, channel: this.channel || undefined, environment: this.environment || undefined };
  }

  set(change: Partial<Pick<AnalyticsFilters, 'preset' | 'from' | 'to' | 'channel' | 'environment'>>): void {
    Object.assign(this, change);
  }
}
