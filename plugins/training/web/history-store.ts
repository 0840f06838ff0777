import { inject, injectable } from '@civic/sdk/web/inversify';
import { makeObservable, observable, observableRef, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, errorMessage } from '@civic/sdk/web/services';
import { TrainingApi, type TrainingHistoryEntry, type TrainingHistoryList } from '../common/api';

/** /history/{appId}: who trained or dismissed what, when. */
export const TrainingHistoryStore = Symbol('training.TrainingHistoryStore');
export interface TrainingHistoryStore {
  readonly items: readonly TrainingHistoryEntry[];
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly error: string | null;
  load(appId: string): Promise<void>;
}

@injectable()
export class TrainingHistoryStoreImpl implements TrainingHistoryStore {
  items: readonly TrainingHistoryEntry[] = [];
  status: TrainingHistoryStore['status'] = 'idle';
  error: string | null = null;

  constructor(@inject(ApiClient) private readonly api: ApiClient) {
    makeObservable(this, { items: observableRef, status: observable, error: observable });
  }

  async load(appId: string): Promise<void> {
    runInAction(() => (this.status = 'loading'));
    try {
      const list = await this.api.get<TrainingHistoryList>(TrainingApi.history(appId));
      runInAction(() => {
        this.items = list.items;
        this.status = 'ready';
        this.error = null;
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = errorMessage(error);
      });
    }
  }
}
