import { Popover } from '@civic/sdk/web/blueprint';
import type { ReactElement } from '@civic/sdk/web/react';
import type { TableFilter } from '../common/table-filter';
import { TableFilterEditor } from './table-filter-editor';

/**
 * The Chat Apps page's Filters popover around its button: a module of its own, fetched when Filters
 * is first pressed, so Blueprint's popover and its positioning code (~20 KiB gzip with the overlay)
 * stay off the page's first load (issue 16).
 */
export function ChatAppsFilterPopover(props: { isOpen: boolean; onInteraction: (open: boolean) => void; value: TableFilter; onApply: (filter: TableFilter) => void; children: ReactElement }) {
  return (
    <Popover isOpen={props.isOpen} onInteraction={props.onInteraction} placement="bottom-start" content={<TableFilterEditor value={props.value} onApply={props.onApply} />}>
      {props.children}
    </Popover>
  );
}
