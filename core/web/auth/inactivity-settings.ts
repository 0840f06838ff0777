import { Timing } from '@civic/core/common/constants';

/** localStorage keys that shorten the §4 timings, for tests (e2e) and demos. */
export const InactivityOverrideKeys = {
  promptMs: 'civic.inactivityPromptMs',
  logoffMs: 'civic.inactivityLogoffMs',
} as const;

export interface InactivityTimings {
  promptAfterMs: number;
  logoffAfterMs: number;
}

/**
 * §4 timings: prompt after 25 idle minutes, log off 5 minutes later. An override in localStorage
 * is honoured only when it is shorter: it can end a session sooner, never keep one open longer
 * (the server's idle limit applies in any case).
 */
export function inactivityTimings(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): InactivityTimings {
  return {
    promptAfterMs: shorter(storage?.getItem(InactivityOverrideKeys.promptMs), Timing.inactivityPromptMs),
    logoffAfterMs: shorter(storage?.getItem(InactivityOverrideKeys.logoffMs), Timing.autoLogoffAfterPromptMs),
  };
}

function shorter(text: string | null | undefined, standard: number): number {
  const value = Number(text);
  return text && Number.isFinite(value) && value >= 1_000 && value < standard ? value : standard;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
