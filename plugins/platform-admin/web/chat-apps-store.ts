import { inject, injectable } from '@civic/sdk/web/inversify';
import { makeAutoObservable, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, isApiError } from '@civic/sdk/web/services';
import { Messages } from '@civic/sdk/common/messages';
import { AdminApi, type AdminAppDetail, type ChatAppPage, type ChatAppRow } from '../common/api';
import type { AppCreateDto, AppPatchDto } from '../common/app-patch.dto';
import { CHAT_APP_PAGE_SIZE } from '../common/chatapp-query.dto';
import type { DateRangeFilter, SortField, TableFilter } from '../common/table-filter';

/** Chat app management: the server-side filtered table (150 a page) and the app changes. */
export const ChatAppsStore = Symbol('platform-admin.ChatAppsStore');
export interface ChatAppsStore {
  readonly rows: readonly ChatAppRow[];
  readonly total: number;
  readonly pageNum: number;
  readonly pageSize: number;
  readonly filter: TableFilter;
  readonly dateRange: DateRangeFilter | null;
  readonly includeDecommissioned: boolean;
  readonly sortBy: SortField;
  readonly sortOrder: 'asc' | 'desc';
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly error: string | null;
  setFilter(filter: TableFilter): void;
  setDateRange(range: DateRangeFilter | null): void;
  setIncludeDecommissioned(value: boolean): void;
  setSort(sortBy: SortField, sortOrder: 'asc' | 'desc'): void;
  setPage(pageNum: number): void;
  load(): Promise<void>;
  detail(appId: string): Promise<AdminAppDetail>;
  create(input: AppCreateDto): Promise<AdminAppDetail>;
  patch(appId: string, patch: AppPatchDto): Promise<AdminAppDetail>;
}

@injectable()
export class ChatAppsStoreImpl implements ChatAppsStore {
  rows: readonly ChatAppRow[] = [];
  total = 0;
  pageNum = 0;
  readonly pageSize = CHAT_APP_PAGE_SIZE;
  filter: TableFilter = { items: [], link: 'AND' };
  dateRange: DateRangeFilter | null = null;
  includeDecommissioned = false;
  sortBy: SortField = 'appId';
  sortOrder: 'asc' | 'desc' = 'asc';
  status: ChatAppsStore['status'] = 'idle';
  error: string | null = null;
  private generation = 0;

  constructor(@inject(ApiClient) private readonly api: ApiClient) {
    makeAutoObservable<ChatAppsStoreImpl, 'api' | 'generation'>(this, { api: false, generation: false });
  }

  setFilter(filter: TableFilter): void {
    this.filter = filter;
    this.pageNum = 0;
    void this.load();
  }

  setDateRange(range: DateRangeFilter | null): void {
    this.dateRange = range;
    this.pageNum = 0;
    void this.load();
  }

  setIncludeDecommissioned(value: boolean): void {
    this.includeDecommissioned = value;
    this.pageNum = 0;
    void this.load();
  }

  setSort(sortBy: SortField, sortOrder: 'asc' | 'desc'): void {
    this.sortBy = sortBy;
    this.sortOrder = sortOrder;
    void this.load();
  }

  setPage(pageNum: number): void {
    this.pageNum = pageNum;
    void this.load();
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    this.status = 'loading';
    try {
      const page = await this.api.post<ChatAppPage>(AdminApi.chatAppMgmt, {
        page_num: this.pageNum,
        page_size: this.pageSize,
        include_decommissioned: this.includeDecommissioned,
        ...(this.filter.items.length ? { filters: this.filter } : {}),
        ...(this.dateRange ? { dateRange: this.dateRange } : {}),
        sortBy: this.sortBy,
        sortOrder: this.sortOrder,
      });
      if (generation !== this.generation) return;
      runInAction(() => {
        this.rows = page.apps;
        this.total = page.total;
        this.status = 'ready';
        this.error = null;
      });
    } catch (error) {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.status = 'error';
        this.error = isApiError(error) ? error.message : Messages.errorEncountered;
      });
    }
  }

  detail(appId: string): Promise<AdminAppDetail> {
    return this.api.get<AdminAppDetail>(AdminApi.app(appId));
  }

  async create(input: AppCreateDto): Promise<AdminAppDetail> {
    const created = await this.api.post<AdminAppDetail>(AdminApi.apps, input);
    await this.load();
    return created;
  }

  async patch(appId: string, patch: AppPatchDto): Promise<AdminAppDetail> {
    const updated = await this.api.patch<AdminAppDetail>(AdminApi.app(appId), patch);
    await this.load();
    return updated;
  }
}
