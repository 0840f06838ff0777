import { inject, injectable } from '@civic/sdk/web/inversify';
import { action, makeObservable, observable, observableRef, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient } from '@civic/sdk/web/services';
import { PagedList } from '@civic/sdk/web/lists';
import { SubscribersApi, type Channel, type RevealedContact, type SubscriberPage, type SubscriberRow, type SubscriberStatus, type SubscriberSummary } from '../common/api';

/** The list's filters as the URL and the toolbar hold them ('' = any). */
export interface SubscriberFilters {
  search: string;
  channel: Channel | '';
  status: SubscriberStatus | '';
}
export const NO_FILTERS: SubscriberFilters = { search: '', channel: '', status: '' };
/** Rows per request; the table is virtualised and loads more as it scrolls. */
export const SUBSCRIBER_PAGE_SIZE = 50;

const filterQuery = (f: SubscriberFilters) => ({ search: f.search.trim() || undefined, channel: f.channel || undefined, status: f.status || undefined });

/** /subscriber/{appId}: the app's subscribers (keyset pages), totals, reveals, removal and export. */
export const SubscribersStore = Symbol('subscribers.SubscribersStore');
export interface SubscribersStore {
  readonly appId: string | null;
  readonly filters: SubscriberFilters;
  readonly list: PagedList<SubscriberRow>;
  readonly summary: SubscriberSummary | null;
  /** Contacts an admin revealed in this visit, by subscriber id. */
  readonly revealed: ReadonlyMap<string, string>;
  open(appId: string): Promise<void>;
  setFilters(filters: Partial<SubscriberFilters>): void;
  reveal(id: string): Promise<string>;
  remove(row: SubscriberRow): Promise<SubscriberRow>;
  exportCsv(): Promise<string>;
}

@injectable()
export class SubscribersStoreImpl implements SubscribersStore {
  appId: string | null = null;
  filters: SubscriberFilters = NO_FILTERS;
  summary: SubscriberSummary | null = null;
  revealed = new Map<string, string>();
  readonly list: PagedList<SubscriberRow>;

  constructor(@inject(ApiClient) private readonly api: ApiClient) {
    this.list = new PagedList(async ({ pageSize, cursor }) => {
      const page = await this.api.get<SubscriberPage>(SubscribersApi.list(this.mustApp()), { query: { ...filterQuery(this.filters), pageSize, after: cursor === undefined ? undefined : String(cursor) } });
      return { items: page.items, next: page.next };
    }, SUBSCRIBER_PAGE_SIZE);
    makeObservable(this, { appId: observable, filters: observableRef, summary: observableRef, revealed: observableRef, setFilters: action });
  }

  private mustApp(): string {
    if (!this.appId) throw new Error('No app opened');
    return this.appId;
  }

  async open(appId: string): Promise<void> {
    if (this.appId !== appId) {
      runInAction(() => {
        this.appId = appId;
        this.summary = null;
        this.revealed = new Map();
      });
    }
    await Promise.all([this.list.reload(), this.loadSummary()]);
  }

  private async loadSummary(): Promise<void> {
    const appId = this.mustApp();
    try {
      const summary = await this.api.get<SubscriberSummary>(SubscribersApi.summary(appId));
      if (this.appId === appId) runInAction(() => (this.summary = summary));
    } catch {
      // The table says what went wrong; the totals stay empty.
    }
  }

  setFilters(filters: Partial<SubscriberFilters>): void {
    const next = { ...this.filters, ...filters };
    if (next.search === this.filters.search && next.channel === this.filters.channel && next.status === this.filters.status) return;
    this.filters = next;
    if (this.appId) void this.list.reload();
  }

  async reveal(id: string): Promise<string> {
    const result = await this.api.post<RevealedContact>(SubscribersApi.reveal(this.mustApp(), id));
    runInAction(() => (this.revealed = new Map(this.revealed).set(id, result.contact)));
    return result.contact;
  }

  async remove(row: SubscriberRow): Promise<SubscriberRow> {
    const changed = await this.api.delete<SubscriberRow>(SubscribersApi.one(this.mustApp(), row.id));
    // Keep what was revealed in place: the answer is masked.
    this.list.replace(changed, (a, b) => a.id === b.id);
    await this.loadSummary();
    return changed;
  }

  exportCsv(): Promise<string> {
    return this.api.post<string>(SubscribersApi.export(this.mustApp()), undefined, { query: filterQuery(this.filters), responseType: 'text' });
  }
}
