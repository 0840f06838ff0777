/** What Table2's lazy stand-ins (table-core.tsx) fetch on first use: Blueprint's real ones. */
export { ContextMenu, PopoverNext } from '@blueprintjs/core';
