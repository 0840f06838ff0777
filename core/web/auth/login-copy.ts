/**
 * The login card's heading and introduction: rendered by the login page and, before any JavaScript
 * runs, by the static shell the build writes for /login (host/web/page-shells.tsx), so the two
 * cannot drift apart.
 */
export const LoginCopy = {
  title: 'Sign in',
  intro: 'Use your public-service or authorised official email address.',
} as const;
