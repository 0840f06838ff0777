/**
 * A counter shown as a badge on a nav entry (`NavEntry.badge` names its key), e.g. pending
 * questions (§2). Plugins bind any number of them to this token; the sidebar reads `count`,
 * which should be observable so the badge follows it.
 */
export const NavBadgeProvider = Symbol('NavBadgeProvider');
export interface NavBadgeProvider {
  readonly key: string;
  readonly count: number;
  /** Accessible text for the badge, e.g. "3 pending questions". */
  describe(count: number): string;
}
