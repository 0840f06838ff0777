import { Cell, type CellRenderer } from './virtual-table';
import type { ReactNode } from 'react';

export interface RowCells<T> {
  /** A cell with the row's text ('' while the row is not there). */
  text(read: (item: T) => string): CellRenderer;
  /** A cell with anything else (a tag, a button); `interactive` lets its controls take clicks. */
  node(render: (item: T) => ReactNode, options?: { interactive?: boolean }): CellRenderer;
}

/**
 * The cell renderers of a table over `items`, one row an item (the users, chat apps and audit log
 * tables). Make them in a `useMemo` on `items`, so the table re-renders its cells only when the rows change.
 */
export function rowCells<T>(items: readonly T[]): RowCells<T> {
  return {
    text: (read) => (row) => <Cell>{row < items.length ? read(items[row]) : ''}</Cell>,
    node: (render, options) => (row) => <Cell interactive={options?.interactive}>{row < items.length ? render(items[row]) : null}</Cell>,
  };
}
