import { inject, injectable } from '@civic/sdk/web/inversify';
import { action, makeObservable, observable, observableRef, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, errorMessage } from '@civic/sdk/web/services';
import { EntitiesApi, type EntityDeleted, type EntityList, type EntityListItem, type EntityWithUsages } from '../common/api';

/** The entity list of the current app (search and kind are filtered here: lists are small). */
export const EntitiesStore = Symbol('entities.EntitiesStore');
export interface EntitiesStore {
  readonly appId: string | null;
  readonly items: readonly EntityListItem[];
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly error: string | null;
  load(appId: string): Promise<void>;
  get(appId: string, entityId: string): Promise<EntityWithUsages>;
  create(appId: string, body: object): Promise<EntityWithUsages>;
  save(appId: string, entityId: string, body: object): Promise<EntityWithUsages>;
  remove(appId: string, entityId: string, removeUsages: boolean): Promise<EntityDeleted>;
}

@injectable()
export class EntitiesStoreImpl implements EntitiesStore {
  appId: string | null = null;
  items: readonly EntityListItem[] = [];
  status: EntitiesStore['status'] = 'idle';
  error: string | null = null;
  private generation = 0;

  constructor(@inject(ApiClient) private readonly api: ApiClient) {
    makeObservable(this, { appId: observable, items: observableRef, status: observable, error: observable, load: action });
  }

  async load(appId: string): Promise<void> {
    const generation = ++this.generation;
    if (this.appId !== appId) this.items = [];
    this.appId = appId;
    this.status = 'loading';
    try {
      const data = await this.api.get<EntityList>(EntitiesApi.list(appId));
      if (generation !== this.generation) return;
      runInAction(() => {
        this.items = data.entities;
        this.status = 'ready';
        this.error = null;
      });
    } catch (error) {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.status = 'error';
        this.error = errorMessage(error);
      });
    }
  }

  get(appId: string, entityId: string): Promise<EntityWithUsages> {
    return this.api.get<EntityWithUsages>(EntitiesApi.entity(appId, entityId));
  }

  async create(appId: string, body: object): Promise<EntityWithUsages> {
    const created = await this.api.post<EntityWithUsages>(EntitiesApi.list(appId), body);
    void this.load(appId);
    return created;
  }

  async save(appId: string, entityId: string, body: object): Promise<EntityWithUsages> {
    const saved = await this.api.put<EntityWithUsages>(EntitiesApi.entity(appId, entityId), body);
    void this.load(appId);
    return saved;
  }

  async remove(appId: string, entityId: string, removeUsages: boolean): Promise<EntityDeleted> {
    const deleted = await this.api.delete<EntityDeleted>(EntitiesApi.entity(appId, entityId), { query: removeUsages ? { removeUsages: 'true' } : undefined });
    void this.load(appId);
    return deleted;
  }
}
