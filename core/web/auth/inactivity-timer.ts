import { Timing } from '@civic/core/common/constants';

export type InactivityPhase = 'active' | 'prompt' | 'expired';

/**
 * §4 inactivity, as a pure state machine driven by `activity()` and `tick(now)`: after 25 minutes
 * without activity the prompt opens; 5 minutes later the session ends. Activity while the prompt is
 * open does not count: only STAY LOGGED IN (`stay()`) keeps the session.
 */
export class InactivityTimer {
  private lastActivity: number;
  private promptedAt = 0;
  phase: InactivityPhase = 'active';

  constructor(
    now: number,
    private readonly promptAfterMs: number = Timing.inactivityPromptMs,
    private readonly logoffAfterMs: number = Timing.autoLogoffAfterPromptMs,
  ) {
    this.lastActivity = now;
  }

  activity(now: number): void {
    if (this.phase === 'active') this.lastActivity = now;
  }

  stay(now: number): void {
    this.phase = 'active';
    this.lastActivity = now;
  }

  /** Advances the machine; returns the phase, changed or not. */
  tick(now: number): InactivityPhase {
    if (this.phase === 'active' && now - this.lastActivity >= this.promptAfterMs) {
      this.phase = 'prompt';
      this.promptedAt = now;
    } else if (this.phase === 'prompt' && now - this.promptedAt >= this.logoffAfterMs) {
      this.phase = 'expired';
    }
    return this.phase;
  }
}
