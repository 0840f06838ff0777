import { inject, injectable } from '@civic/sdk/web/inversify';
import { makeAutoObservable, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, isApiError } from '@civic/sdk/web/services';
import { Messages } from '@civic/sdk/common/messages';
import { TrainingApi, type TrainingItem, type TrainingList } from '../common/api';

/** The rows of the current app and the ones its editors add. */
export const TrainingStore = Symbol('training.TrainingStore');
export interface TrainingStore {
  readonly appId: string | null;
  readonly items: readonly TrainingItem[];
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly error: string | null;
  load(appId: string): Promise<void>;
  add(input: { name: string; notes?: string }): Promise<TrainingItem>;
}

@injectable()
export class TrainingStoreImpl implements TrainingStore {
  appId: string | null = null;
  items: readonly TrainingItem[] = [];
  status: TrainingStore['status'] = 'idle';
  error: string | null = null;

  constructor(@inject(ApiClient) private readonly api: ApiClient) {
    makeAutoObservable<TrainingStoreImpl, 'api'>(this, { api: false });
  }

  async load(appId: string): Promise<void> {
    runInAction(() => {
      if (this.appId !== appId) this.items = [];
      this.appId = appId;
      this.status = 'loading';
    });
    try {
      const list = await this.api.get<TrainingList>(TrainingApi.items(appId));
      // The user may have switched apps while this was on its way.
      if (this.appId !== appId) return;
      runInAction(() => {
        this.items = list.items;
        this.status = 'ready';
        this.error = null;
      });
    } catch (error) {
      if (this.appId !== appId) return;
      runInAction(() => {
        this.status = 'error';
        this.error = isApiError(error) ? error.message : Messages.errorEncountered;
      });
    }
  }

  async add(input: { name: string; notes?: string }): Promise<TrainingItem> {
    if (!this.appId) throw new Error('No app loaded');
    const item = await this.api.post<TrainingItem>(TrainingApi.items(this.appId), input);
    runInAction(() => {
      this.items = [item, ...this.items];
    });
    return item;
  }
}
