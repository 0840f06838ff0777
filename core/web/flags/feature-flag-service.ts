import { inject, injectable } from 'inversify';
import { action, makeObservable, observable, observableRef } from 'mobx';
import { CoreApi } from '@civic/core/common/api-paths';
import { Timing } from '@civic/core/common/constants';
import type { UnleashFrontendResponse } from '@civic/core/common/model';
import { ApiClient } from '../api/api-client';

/**
 * Feature flags from the server, read in Unleash's frontend-API shape so a real Unleash proxy can
 * stand in; refreshed every 3600 s (§9) while someone is signed in.
 */
export const FeatureFlagService = Symbol('FeatureFlagService');
export interface FeatureFlagService {
  readonly flags: Readonly<Record<string, boolean>>;
  /** True once the first answer (or failure) is in, so pages do not flash flag-gated items. */
  readonly loaded: boolean;
  isEnabled(name: string): boolean;
  start(): Promise<void>;
  stop(): void;
  refresh(): Promise<void>;
}

@injectable()
export class FeatureFlagServiceImpl implements FeatureFlagService {
  flags: Record<string, boolean> = {};
  loaded = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(@inject(ApiClient) private readonly api: ApiClient) {
    makeObservable<FeatureFlagServiceImpl, 'apply'>(this, {
      flags: observableRef,
      loaded: observable,
      apply: action,
      stop: action,
    });
  }

  isEnabled(name: string): boolean {
    return this.flags[name] === true;
  }

  async start(): Promise<void> {
    this.stop();
    this.timer = setInterval(() => void this.refresh(), Timing.featureFlagRefreshMs);
    await this.refresh();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.flags = {};
    this.loaded = false;
  }

  async refresh(): Promise<void> {
    try {
      const answer = await this.api.get<UnleashFrontendResponse>(CoreApi.featureFlags, { raw: true });
      const flags: Record<string, boolean> = {};
      for (const toggle of answer?.toggles ?? []) flags[toggle.name] = toggle.enabled === true;
      this.apply(flags);
    } catch (error) {
      // Keep the last known flags: a flag service outage must not reshuffle the sidebar.
      console.warn('Feature flags could not be refreshed', error);
      this.apply(this.flags);
    }
  }

  private apply(flags: Record<string, boolean>): void {
    this.flags = flags;
    this.loaded = true;
  }
}
