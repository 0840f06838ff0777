import { inject, injectable } from '@civic/sdk/web/inversify';
import { action, makeObservable, observableRef, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, errorMessage } from '@civic/sdk/web/services';
import { PagedList } from '@civic/sdk/web/lists';
import { AuditLogApi, type AuditDetail, type AuditPage, type AuditRow, type AuditVerifyResult } from '../common/api';

/** The filters as the form holds them: text fields, and the §3 date range as local dates (YYYY-MM-DD). */
export interface AuditFilters {
  actor: string;
  appId: string;
  action: string;
  target: string;
  startDate: string;
  endDate: string;
}

export const EMPTY_FILTERS: AuditFilters = { actor: '', appId: '', action: '', target: '', startDate: '', endDate: '' };

/** Rows fetched per request; the table is virtualised, so more are loaded as the user scrolls. */
export const AUDIT_PAGE_SIZE = 100;
/** Rows per stretch of the integrity walk: one progress step each. */
export const VERIFY_STRETCH = 5000;

export type VerifyState =
  | { kind: 'idle' }
  | { kind: 'running'; checked: number; total: number }
  | { kind: 'ok'; rows: number }
  | { kind: 'broken'; id: number; at: string; checked: number; reason: NonNullable<AuditVerifyResult['brokenAt']>['reason'] }
  | { kind: 'error'; message: string };

/** A local calendar date as the instant its day starts (or ends) in the browser's time zone. */
export function localDayBound(date: string, end: boolean): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  return (end ? new Date(year, month, day, 23, 59, 59, 999) : new Date(year, month, day)).toISOString();
}

export function filterQuery(filters: AuditFilters): Record<string, string | undefined> {
  return {
    actor: filters.actor.trim() || undefined,
    appId: filters.appId.trim() || undefined,
    action: filters.action.trim() || undefined,
    target: filters.target.trim() || undefined,
    startDate: localDayBound(filters.startDate, false),
    endDate: localDayBound(filters.endDate, true),
  };
}

/** /auditLog: the filtered trail (keyset pages), one entry's detail, integrity walk, CSV export. */
export const AuditLogStore = Symbol('audit-log.AuditLogStore');
export interface AuditLogStore {
  readonly filters: AuditFilters;
  /** The trail's rows, newest first, loaded further back as the table scrolls (`loadMore`). */
  readonly list: PagedList<AuditRow>;
  readonly actions: readonly string[];
  readonly verify: VerifyState;
  applyFilters(filters: AuditFilters): Promise<void>;
  loadActions(): Promise<void>;
  detail(id: number): Promise<AuditDetail>;
  runVerify(): Promise<void>;
  exportCsv(): Promise<string>;
}

@injectable()
export class AuditLogStoreImpl implements AuditLogStore {
  filters: AuditFilters = EMPTY_FILTERS;
  readonly list: PagedList<AuditRow>;
  actions: readonly string[] = [];
  verify: VerifyState = { kind: 'idle' };

  constructor(@inject(ApiClient) private readonly api: ApiClient) {
    this.list = new PagedList(async ({ pageSize, cursor }) => {
      const query = { ...filterQuery(this.filters), pageSize, ...(cursor === undefined ? {} : { before: cursor }) };
      const page = await this.api.get<AuditPage>(AuditLogApi.list, { query });
      return { items: page.items, next: page.nextBefore };
    }, AUDIT_PAGE_SIZE);
    makeObservable(this, {
      filters: observableRef,
      actions: observableRef,
      verify: observableRef,
      applyFilters: action,
    });
  }

  applyFilters(filters: AuditFilters): Promise<void> {
    this.filters = filters;
    return this.list.reload();
  }

  async loadActions(): Promise<void> {
    try {
      const { actions } = await this.api.get<{ actions: string[] }>(AuditLogApi.actions);
      runInAction(() => (this.actions = actions));
    } catch {
      // The action filter still takes typed text.
    }
  }

  detail(id: number): Promise<AuditDetail> {
    return this.api.get<AuditDetail>(AuditLogApi.entry(id));
  }

  /** Walks the chain stretch by stretch, so big trails show progress and no request runs long. */
  async runVerify(): Promise<void> {
    if (this.verify.kind === 'running') return;
    runInAction(() => (this.verify = { kind: 'running', checked: 0, total: 0 }));
    let afterId = 0;
    let checked = 0;
    try {
      for (;;) {
        const part = await this.api.get<AuditVerifyResult>(AuditLogApi.verify, { query: { afterId, maxRows: VERIFY_STRETCH } });
        checked += part.rows;
        if (!part.ok && part.brokenAt) {
          const brokenAt = part.brokenAt;
          runInAction(() => (this.verify = { kind: 'broken', id: brokenAt.id, at: brokenAt.at, checked, reason: brokenAt.reason }));
          return;
        }
        if (part.done) {
          runInAction(() => (this.verify = { kind: 'ok', rows: checked }));
          return;
        }
        afterId = part.lastId;
        runInAction(() => (this.verify = { kind: 'running', checked, total: Math.max(part.total, checked) }));
      }
    } catch (error) {
      runInAction(() => (this.verify = { kind: 'error', message: errorMessage(error) }));
    }
  }

  exportCsv(): Promise<string> {
    return this.api.get<string>(AuditLogApi.export, { query: filterQuery(this.filters), responseType: 'text' });
  }
}
