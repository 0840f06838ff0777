import { inject, injectable } from 'inversify';
import { makeObservable, observableRef, runInAction } from 'mobx';
import { CoreApi } from '@civic/core/common/api-paths';
import { Messages } from '@civic/core/common/messages';
import type { SubscriptionTierName, TierLimit } from '@civic/core/common/model';
import { ApiClient } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { ToastService } from '../toasts/toast-service';

/** The limits of each subscription tier (GET /api/v1/subscription-tier-limit, §7). */
export const TierLimitService = Symbol('TierLimitService');
export interface TierLimitService {
  readonly limits: readonly TierLimit[];
  limitFor(tier: SubscriptionTierName): TierLimit | undefined;
  /** On failure shows the §8 subscription toast (5 s) and keeps the previous limits. */
  load(): Promise<void>;
  reset(): void;
}

@injectable()
export class TierLimitServiceImpl implements TierLimitService {
  limits: TierLimit[] = [];

  constructor(
    @inject(ApiClient) private readonly api: ApiClient,
    @inject(ToastService) private readonly toasts: ToastService,
  ) {
    makeObservable(this, { limits: observableRef });
  }

  limitFor(tier: SubscriptionTierName): TierLimit | undefined {
    return this.limits.find((limit) => limit.tier === tier);
  }

  async load(): Promise<void> {
    try {
      const limits = await this.api.get<TierLimit[]>(CoreApi.tierLimits);
      runInAction(() => {
        this.limits = Array.isArray(limits) ? limits : [];
      });
    } catch (error) {
      // An expired session has its own message; do not add a subscription warning on top.
      if (isApiError(error) && error.status === 401) return;
      this.toasts.error(Messages.subscriptionProblem);
    }
  }

  reset(): void {
    runInAction(() => {
      this.limits = [];
    });
  }
}
