/** @jest-environment node */
import { testUser } from '../testing/fixtures';
import { guardRedirect, type GuardInput } from './guard-rules';

const routes = new Set<string>();
const input = (overrides: Partial<GuardInput>): GuardInput => ({
  user: null,
  pathname: '/dashboard',
  layout: 'main',
  twoFactorEnabled: true,
  hasRoute: (pattern) => routes.has(pattern),
  ...overrides,
});

describe('guardRedirect (§2 guard rules)', () => {
  afterEach(() => routes.clear());

  it('sends signed-out visitors of signed-in pages to /login, and lets them see public pages', () => {
    expect(guardRedirect(input({}))).toBe('/login');
    expect(guardRedirect(input({ layout: 'bare', pathname: '/flow/a1/edit' }))).toBe('/login');
    expect(guardRedirect(input({ layout: 'public', pathname: '/login' }))).toBeNull();
  });

  it('sends signed-in users away from login, signup and activation, but not from the sharing page', () => {
    const user = testUser();
    for (const pathname of ['/login', '/signup', '/account-activation']) {
      expect(guardRedirect(input({ user, layout: 'public', pathname }))).toBe('/dashboard');
    }
    expect(guardRedirect(input({ user, layout: 'public', pathname: '/sharing/a1' }))).toBeNull();
    expect(guardRedirect(input({ user }))).toBeNull();
  });

  it('holds a user owing the second factor on the one-time-code screen once it exists', () => {
    const halfway = testUser({ authLevel: 1 });
    expect(guardRedirect(input({ user: halfway }))).toBe('/login'); // no such screen yet
    routes.add('/twofa-otp');
    expect(guardRedirect(input({ user: halfway }))).toBe('/twofa-otp');
    expect(guardRedirect(input({ user: halfway, layout: 'bare', pathname: '/twofa-otp' }))).toBeNull();
    expect(guardRedirect(input({ user: halfway, layout: 'public', pathname: '/login' }))).toBe('/twofa-otp');
    expect(guardRedirect(input({ user: halfway, twoFactorEnabled: false }))).toBe('/login');
  });

  it('holds a user who never reset their password on the reset screen once it exists', () => {
    const fresh = testUser({ hasResetPassword: false });
    expect(guardRedirect(input({ user: fresh }))).toBeNull();
    routes.add('/settings/reset-password');
    expect(guardRedirect(input({ user: fresh }))).toBe('/settings/reset-password');
    expect(guardRedirect(input({ user: fresh, layout: 'bare', pathname: '/settings/reset-password' }))).toBeNull();
  });

  it('sends a fully signed-in user away from the one-time-code screen and from forgot-password', () => {
    routes.add('/twofa-otp');
    const user = testUser();
    expect(guardRedirect(input({ user, layout: 'bare', pathname: '/twofa-otp' }))).toBe('/dashboard');
    expect(guardRedirect(input({ user, layout: 'public', pathname: '/forgot-password' }))).toBe('/dashboard');
    // A mailed reset link or the locked-account page stays open to anyone.
    expect(guardRedirect(input({ user, layout: 'public', pathname: '/reset-password' }))).toBeNull();
    expect(guardRedirect(input({ user: null, layout: 'public', pathname: '/locked-account' }))).toBeNull();
  });

  it('sends a half-signed-in user on a public sign-in page back to the code', () => {
    routes.add('/twofa-otp');
    const halfway = testUser({ authLevel: 1 });
    for (const pathname of ['/signup', '/account-activation', '/forgot-password']) {
      expect(guardRedirect(input({ user: halfway, layout: 'public', pathname }))).toBe('/twofa-otp');
    }
  });
});
