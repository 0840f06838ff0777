import { inject, injectable } from '@civic/sdk/web/inversify';
import { makeObservable, observable, observableRef, runInAction, action } from '@civic/sdk/web/mobx';
import { ApiClient, isApiError } from '@civic/sdk/web/services';
import { Messages, Paging } from '@civic/sdk/common/messages';
import type { RoleCode } from '@civic/sdk/common/model';
import { UsersApi, type UserListItem, type UserListPage } from '../common/api';

export interface InviteInput {
  name: string;
  email: string;
  isPlatformAdmin: boolean;
}

/** The /users list (server-side search and paging) and the changes an admin makes to an account. */
export const UsersStore = Symbol('users.UsersStore');
export interface UsersStore {
  readonly items: readonly UserListItem[];
  readonly total: number;
  readonly pageNum: number;
  readonly pageSize: number;
  readonly search: string;
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly error: string | null;
  setSearch(search: string): void;
  setPage(pageNum: number): void;
  load(): Promise<void>;
  invite(input: InviteInput): Promise<UserListItem>;
  update(userId: string, patch: { name?: string; isPlatformAdmin?: boolean; locked?: boolean }): Promise<UserListItem>;
  resetPassword(userId: string): Promise<UserListItem>;
  setRoles(userId: string, roles: Record<string, RoleCode | null>): Promise<UserListItem>;
}

@injectable()
export class UsersStoreImpl implements UsersStore {
  items: readonly UserListItem[] = [];
  total = 0;
  pageNum: number = Paging.defaultPage;
  readonly pageSize: number = Paging.defaultPageSize;
  search = '';
  status: UsersStore['status'] = 'idle';
  error: string | null = null;
  /** Answers to an older query are dropped (typing fast in the search box). */
  private generation = 0;

  constructor(@inject(ApiClient) private readonly api: ApiClient) {
    makeObservable(this, {
      items: observableRef,
      total: observable,
      pageNum: observable,
      search: observable,
      status: observable,
      error: observable,
      setSearch: action,
      setPage: action,
    });
  }

  setSearch(search: string): void {
    this.search = search;
    this.pageNum = Paging.defaultPage;
    void this.load();
  }

  setPage(pageNum: number): void {
    this.pageNum = pageNum;
    void this.load();
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    runInAction(() => {
      this.status = 'loading';
    });
    try {
      const page = await this.api.get<UserListPage>(UsersApi.list, {
        query: { search: this.search.trim() || undefined, page_num: this.pageNum, pageSize: this.pageSize },
      });
      if (generation !== this.generation) return;
      runInAction(() => {
        this.items = page.items;
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

  async invite(input: InviteInput): Promise<UserListItem> {
    const created = await this.api.post<UserListItem>(UsersApi.create, input);
    await this.load();
    return created;
  }

  async update(userId: string, patch: { name?: string; isPlatformAdmin?: boolean; locked?: boolean }): Promise<UserListItem> {
    return this.replace(await this.api.patch<UserListItem>(UsersApi.user(userId), patch));
  }

  async resetPassword(userId: string): Promise<UserListItem> {
    return this.replace(await this.api.post<UserListItem>(UsersApi.resetPassword(userId)));
  }

  async setRoles(userId: string, roles: Record<string, RoleCode | null>): Promise<UserListItem> {
    return this.replace(await this.api.put<UserListItem>(UsersApi.roles(userId), { roles }));
  }

  private replace(user: UserListItem): UserListItem {
    runInAction(() => {
      this.items = this.items.map((item) => (item.id === user.id ? user : item));
    });
    return user;
  }
}
