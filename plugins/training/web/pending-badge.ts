import { inject, injectable } from '@civic/sdk/web/inversify';
import { makeObservable, observable, reaction, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, AppContextService, type NavBadgeProvider } from '@civic/sdk/web/services';
import { TrainingApi, type PendingCount } from '../common/api';
import { TrainingMessages } from '../common/messages';

export const PENDING_BADGE_KEY = 'training.pending';

/**
 * §2: the count of the current app's PENDING questions beside Questions/History; recomputed when the
 * app changes and after every triage action; 0 when it cannot be had.
 */
export const PendingBadge = Symbol('training.PendingBadge');
export interface PendingBadge extends NavBadgeProvider {
  refresh(): Promise<void>;
}

@injectable()
export class PendingBadgeImpl implements PendingBadge {
  readonly key = PENDING_BADGE_KEY;
  count = 0;
  private asked = 0;

  constructor(
    @inject(ApiClient) private readonly api: ApiClient,
    @inject(AppContextService) private readonly apps: AppContextService,
  ) {
    makeObservable(this, { count: observable });
    reaction(
      () => this.apps.currentAppId,
      () => void this.refresh(),
      { fireImmediately: true },
    );
  }

  describe(count: number): string {
    return TrainingMessages.pendingBadge(count);
  }

  async refresh(): Promise<void> {
    const appId = this.apps.currentAppId;
    const ask = ++this.asked;
    if (!appId) {
      runInAction(() => (this.count = 0));
      return;
    }
    let count = 0;
    try {
      count = (await this.api.get<PendingCount>(TrainingApi.pendingCount(appId))).count;
    } catch {
      count = 0;
    }
    // Only the latest question's answer counts (a fast app switch).
    if (ask === this.asked) runInAction(() => (this.count = count));
  }
}
