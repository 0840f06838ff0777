import { inject, injectable } from '@civic/sdk/web/inversify';
import { action, makeObservable, observable, observableRef, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, errorMessage } from '@civic/sdk/web/services';
import { ClassificationApi, type ClassItem } from '../common/api';

export type ClassKindName = 'categories' | 'labels';

/** Categories or labels of one app: list, create, rename, delete. One instance per page. */
export class ClassList {
  items: readonly ClassItem[] = [];
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error: string | null = null;
  private appId: string | null = null;
  private generation = 0;

  constructor(
    private readonly api: ApiClient,
    readonly kind: ClassKindName,
  ) {
    makeObservable<ClassList, 'appId'>(this, { items: observableRef, status: observable, error: observable, appId: observable, load: action });
  }

  private listPath(appId: string): string {
    return this.kind === 'categories' ? ClassificationApi.categories(appId) : ClassificationApi.labels(appId);
  }

  private itemPath(appId: string, id: string): string {
    return this.kind === 'categories' ? ClassificationApi.category(appId, id) : ClassificationApi.label(appId, id);
  }

  private get single(): 'category' | 'label' {
    return this.kind === 'categories' ? 'category' : 'label';
  }

  async load(appId: string): Promise<void> {
    const generation = ++this.generation;
    if (this.appId !== appId) this.items = [];
    this.appId = appId;
    this.status = 'loading';
    try {
      const data = await this.api.get<Record<string, ClassItem[]>>(this.listPath(appId));
      if (generation !== this.generation) return;
      runInAction(() => {
        this.items = data[this.kind] ?? [];
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

  async create(appId: string, name: string): Promise<ClassItem> {
    const data = await this.api.post<Record<string, ClassItem>>(this.listPath(appId), { name });
    await this.load(appId);
    return data[this.single];
  }

  async rename(appId: string, id: string, name: string): Promise<ClassItem> {
    const data = await this.api.patch<Record<string, ClassItem>>(this.itemPath(appId, id), { name });
    await this.load(appId);
    return data[this.single];
  }

  async remove(appId: string, id: string): Promise<void> {
    await this.api.delete(this.itemPath(appId, id));
    await this.load(appId);
  }
}

/** The classification plugin's lists, one per kind. */
export const ClassificationStore = Symbol('classification.ClassificationStore');
export interface ClassificationStore {
  readonly categories: ClassList;
  readonly labels: ClassList;
}

@injectable()
export class ClassificationStoreImpl implements ClassificationStore {
  readonly categories: ClassList;
  readonly labels: ClassList;
  constructor(@inject(ApiClient) api: ApiClient) {
    this.categories = new ClassList(api, 'categories');
    this.labels = new ClassList(api, 'labels');
  }
}
