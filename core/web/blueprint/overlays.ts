/** Blueprint's overlay components, as the chunk lazy-overlays.tsx fetches on a first opening. */
export { Alert, Dialog, Drawer } from '@blueprintjs/core';
