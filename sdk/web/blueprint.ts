/**
 * Blueprint for plugins, the console's one copy. A re-export of a third-party library (as
 * Theia's shared/ does); import names, never the namespace, so unused components stay out.
 */
export * from '@blueprintjs/core';
// Shadows the star export: Blueprint's Tabs with working arrow keys under React 19.
export { Tabs } from '@civic/core/web/blueprint/keyboard-tabs';
// Shadow it too: the overlays whose code comes when one first opens, not with the page (lazy-overlays.tsx).
export { Alert, Dialog, Drawer } from '@civic/core/web/blueprint/lazy-overlays';
