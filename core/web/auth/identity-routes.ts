import type { ComponentType } from 'react';
import type { RouteLayout } from '@civic/core/common/plugins';

/** §2 paths of the identity screens the core serves (public, bare and the one main-layout page). */
export const IdentityPaths = {
  login: '/login',
  signup: '/signup',
  activation: '/account-activation',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  lockedAccount: '/locked-account',
  twoFactor: '/twofa-otp',
  changePassword: '/settings/reset-password',
  settings: '/settings',
} as const;

export interface IdentityRoute {
  path: string;
  layout: RouteLayout;
  title: string;
  load: () => Promise<{ default: ComponentType }>;
}

/** The identity screens other than /login; each page is its own lazy chunk. */
export const identityRoutes: readonly IdentityRoute[] = [
  { path: IdentityPaths.signup, layout: 'public', title: 'Create an account', load: () => import('./pages/signup-page').then((m) => ({ default: m.SignupPage })) },
  { path: IdentityPaths.activation, layout: 'public', title: 'Account activation', load: () => import('./pages/account-activation-page').then((m) => ({ default: m.AccountActivationPage })) },
  { path: IdentityPaths.forgotPassword, layout: 'public', title: 'Forgot password', load: () => import('./pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })) },
  { path: IdentityPaths.resetPassword, layout: 'public', title: 'Reset password', load: () => import('./pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })) },
  { path: IdentityPaths.lockedAccount, layout: 'public', title: 'Account locked', load: () => import('./pages/locked-account-page').then((m) => ({ default: m.LockedAccountPage })) },
  { path: IdentityPaths.twoFactor, layout: 'bare', title: 'One-time code', load: () => import('./pages/two-factor-page').then((m) => ({ default: m.TwoFactorPage })) },
  { path: IdentityPaths.changePassword, layout: 'bare', title: 'Change password', load: () => import('./pages/change-password-page').then((m) => ({ default: m.ChangePasswordPage })) },
  { path: IdentityPaths.settings, layout: 'main', title: 'Settings', load: () => import('./pages/account-settings-page').then((m) => ({ default: m.AccountSettingsPage })) },
];

const corePaths = new Set<string>([IdentityPaths.login, ...identityRoutes.map((r) => r.path)]);

/** Whether the core itself serves this route pattern (the guard and the user menu ask). */
export function isCoreRoute(pattern: string): boolean {
  return corePaths.has(pattern);
}
