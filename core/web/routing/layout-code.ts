import type { ComponentType } from 'react';

/**
 * The signed-in layouts' code, loaded after sign-in (sidebar, app switcher, dialogs, popovers stay
 * off the login page's path): one loader per layout, shared by the router's lazy components and
 * startPageEarly, which starts the first page's layout beside its page.
 */
export const LayoutCode = {
  main: () => import('../shell/app-shell').then((m) => ({ default: m.AppShell as ComponentType })),
  bare: () => import('../shell/bare-layout').then((m) => ({ default: m.BareLayout as ComponentType })),
} as const;
