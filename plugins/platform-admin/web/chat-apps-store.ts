import { inject, injectable } from '@civic/sdk/web/inversify';
import { makeAutoObservable } from '@civic/sdk/web/mobx';
import { ApiClient } from '@civic/sdk/web/services';
import { PagedList } from '@civic/sdk/web/lists';
import { AdminApi, type AdminAppDetail, type ChatAppPage, type ChatAppRow } from '../common/api';
import type { AppCreateDto, AppPatchDto } from '../common/app-patch.dto';
// The page size from its plain source, not the query DTO's module: that one's decorators would bring
// class-validator onto every platform-admin page's path (the store is bound for all of them).
import { Paging } from '@civic/sdk/common/messages';
import type { DateRangeFilter, SortField, TableFilter } from '../common/table-filter';

/** Chat app management: the server-side filtered table (150 a page) and the app changes. */
export const ChatAppsStore = Symbol('platform-admin.ChatAppsStore');
export interface ChatAppsStore {
  /** The table's rows, page and status. */
  readonly list: PagedList<ChatAppRow>;
  readonly filter: TableFilter;
  readonly dateRange: DateRangeFilter | null;
  readonly includeDecommissioned: boolean;
  readonly sortBy: SortField;
  readonly sortOrder: 'asc' | 'desc';
  setFilter(filter: TableFilter): void;
  setDateRange(range: DateRangeFilter | null): void;
  setIncludeDecommissioned(value: boolean): void;
  setSort(sortBy: SortField, sortOrder: 'asc' | 'desc'): void;
  detail(appId: string): Promise<AdminAppDetail>;
  create(input: AppCreateDto): Promise<AdminAppDetail>;
  patch(appId: string, patch: AppPatchDto): Promise<AdminAppDetail>;
}

@injectable()
export class ChatAppsStoreImpl implements ChatAppsStore {
  readonly list: PagedList<ChatAppRow>;
  filter: TableFilter = { items: [], link: 'AND' };
  dateRange: DateRangeFilter | null = null;
  includeDecommissioned = false;
  sortBy: SortField = 'appId';
  sortOrder: 'asc' | 'desc' = 'asc';

  constructor(@inject(ApiClient) private readonly api: ApiClient) {
    this.list = new PagedList(async ({ pageNum, pageSize }) => {
      const page = await this.api.post<ChatAppPage>(AdminApi.chatAppMgmt, {
        page_num: pageNum,
        page_size: pageSize,
        include_decommissioned: this.includeDecommissioned,
        ...(this.filter.items.length ? { filters: this.filter } : {}),
        ...(this.dateRange ? { dateRange: this.dateRange } : {}),
        sortBy: this.sortBy,
        sortOrder: this.sortOrder,
      });
      return { items: page.apps, total: page.total };
    }, Paging.chatAppManagementPageSize);
    makeAutoObservable<ChatAppsStoreImpl, 'api'>(this, { api: false, list: false });
  }

  setFilter(filter: TableFilter): void {
    this.filter = filter;
    void this.list.reload();
  }

  setDateRange(range: DateRangeFilter | null): void {
    this.dateRange = range;
    void this.list.reload();
  }

  setIncludeDecommissioned(value: boolean): void {
    this.includeDecommissioned = value;
    void this.list.reload();
  }

  setSort(sortBy: SortField, sortOrder: 'asc' | 'desc'): void {
    this.sortBy = sortBy;
    this.sortOrder = sortOrder;
    void this.list.load();
  }

  detail(appId: string): Promise<AdminAppDetail> {
    return this.api.get<AdminAppDetail>(AdminApi.app(appId));
  }

  async create(input: AppCreateDto): Promise<AdminAppDetail> {
    const created = await this.api.post<AdminAppDetail>(AdminApi.apps, input);
    await this.list.load();
    return created;
  }

  async patch(appId: string, patch: AppPatchDto): Promise<AdminAppDetail> {
    const updated = await this.api.patch<AdminAppDetail>(AdminApi.app(appId), patch);
    await this.list.load();
    return updated;
  }
}
