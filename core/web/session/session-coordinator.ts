import { inject, injectable } from 'inversify';
import { reaction } from 'mobx';
import { AppContextService } from '../apps/app-context-service';
import { AuthService } from '../auth/auth-service';
import { FeatureFlagService } from '../flags/feature-flag-service';
import { TierLimitService } from '../tiers/tier-limit-service';

/**
 * Starts what a signed-in session needs (apps, feature flags, tier limits) when someone signs in,
 * and clears it all when they sign out or their session expires.
 */
export const SessionCoordinator = Symbol('SessionCoordinator');
export interface SessionCoordinator {
  start(): void;
  dispose(): void;
}

@injectable()
export class SessionCoordinatorImpl implements SessionCoordinator {
  private stopReaction: (() => void) | null = null;

  constructor(
    @inject(AuthService) private readonly auth: AuthService,
    @inject(AppContextService) private readonly apps: AppContextService,
    @inject(FeatureFlagService) private readonly flags: FeatureFlagService,
    @inject(TierLimitService) private readonly tierLimits: TierLimitService,
  ) {}

  start(): void {
    if (this.stopReaction) return;
    this.stopReaction = reaction(
      () => (this.auth.isFullySignedIn ? this.auth.user?.id : null),
      (userId) => {
        this.apps.reset();
        this.tierLimits.reset();
        if (userId) {
          void this.flags.start();
          void this.apps.loadApps();
          void this.tierLimits.load();
        } else {
          this.flags.stop();
        }
      },
      { fireImmediately: true },
    );
  }

  dispose(): void {
    this.stopReaction?.();
    this.stopReaction = null;
    this.flags.stop();
  }
}
