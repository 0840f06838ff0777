import { inject, injectable } from '@civic/sdk/web/inversify';
import { action, makeObservable, observable } from '@civic/sdk/web/mobx';
import { ApiClient } from '@civic/sdk/web/services';
import { PagedList } from '@civic/sdk/web/lists';
import { Paging } from '@civic/sdk/common/messages';
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
  /** The table's rows, page and status. */
  readonly list: PagedList<UserListItem>;
  readonly search: string;
  setSearch(search: string): void;
  invite(input: InviteInput): Promise<UserListItem>;
  update(userId: string, patch: { name?: string; isPlatformAdmin?: boolean; locked?: boolean }): Promise<UserListItem>;
  resetPassword(userId: string): Promise<UserListItem>;
  setRoles(userId: string, roles: Record<string, RoleCode | null>): Promise<UserListItem>;
}

@injectable()
export class UsersStoreImpl implements UsersStore {
  readonly list: PagedList<UserListItem>;
  search = '';

  constructor(@inject(ApiClient) private readonly api: ApiClient) {
    this.list = new PagedList(async ({ pageNum, pageSize }) => {
      const query = { search: this.search.trim() || undefined, page_num: pageNum, pageSize };
      return this.api.get<UserListPage>(UsersApi.list, { query });
    }, Paging.defaultPageSize);
    makeObservable(this, { search: observable, setSearch: action });
  }

  setSearch(search: string): void {
    this.search = search;
    void this.list.reload();
  }

  async invite(input: InviteInput): Promise<UserListItem> {
    const created = await this.api.post<UserListItem>(UsersApi.create, input);
    await this.list.load();
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
    this.list.replace(user, (a, b) => a.id === b.id);
    return user;
  }
}
