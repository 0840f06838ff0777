import type { SessionUser } from '@civic/core/common/model';
import type { RouteLayout } from '@civic/core/common/plugins';

/** §2 route patterns the guard rules name. A rule applies once some plugin serves its route. */
export const GuardPaths = {
  login: '/login',
  landing: '/dashboard',
  twoFactor: '/twofa-otp',
  resetPassword: '/settings/reset-password',
  /** Public pages a signed-in user has no business on (§2: signup, account activation). */
  signedOutOnly: ['/login', '/signup', '/account-activation', '/forgot-password'],
} as const;

export interface GuardInput {
  user: SessionUser | null;
  pathname: string;
  layout: RouteLayout;
  twoFactorEnabled: boolean;
  hasRoute(pattern: string): boolean;
}

/**
 * §2 guard rules, in order. Returns where to send the user, or null to let them through.
 * - signed-out visitors of signed-in pages → /login;
 * - authLevel 1 with two-factor on → the one-time-code screen (and nothing else);
 * - password never reset → the reset-password screen (and nothing else);
 * - signed-in visitors of login/signup/activation/forgot-password → the dashboard;
 * - fully signed-in visitors of the one-time-code screen → the dashboard.
 */
export function guardRedirect(input: GuardInput): string | null {
  const { user, pathname, layout } = input;
  const pending = pendingStep(input);
  if (layout === 'public') {
    const signedOutOnly = (GuardPaths.signedOutOnly as readonly string[]).includes(pathname);
    if (!signedOutOnly || !user) return null;
    if (pending) return pending;
    return user.authLevel === 2 ? GuardPaths.landing : null;
  }
  if (!user) return GuardPaths.login;
  if (pending) return pending === pathname ? null : pending;
  // Half signed in with no one-time-code screen to finish on: sign in again.
  if (user.authLevel !== 2) return GuardPaths.login;
  // The one-time-code screen has nothing to offer someone fully signed in.
  if (pathname === GuardPaths.twoFactor) return GuardPaths.landing;
  return null;
}

function pendingStep(input: GuardInput): string | null {
  const { user } = input;
  if (!user) return null;
  if (user.authLevel === 1 && input.twoFactorEnabled && input.hasRoute(GuardPaths.twoFactor)) {
    return GuardPaths.twoFactor;
  }
  if (user.authLevel === 2 && !user.hasResetPassword && input.hasRoute(GuardPaths.resetPassword)) {
    return GuardPaths.resetPassword;
  }
  return null;
}
