import type { ConsoleConfig } from '@civic/core/common/model';

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
 * §4 timings from the deployment (console config: prompt after `inactivityPromptMinutes` idle
 * minutes, 25 by default; log off `autoLogoffMinutes` later, 5 by default). An override in
 * localStorage is honoured only when it is shorter: it can end a session sooner, never keep one open
 * longer (the server's idle limit applies in any case).
 */
export function inactivityTimings(
  config: Pick<ConsoleConfig, 'inactivityPromptMinutes' | 'autoLogoffMinutes'>,
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): InactivityTimings {
  return {
    promptAfterMs: shorter(storage?.getItem(InactivityOverrideKeys.promptMs), config.inactivityPromptMinutes * 60_000),
    logoffAfterMs: shorter(storage?.getItem(InactivityOverrideKeys.logoffMs), config.autoLogoffMinutes * 60_000),
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
