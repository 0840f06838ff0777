import { Column, ColumnHeaderCell, VirtualTable, type CellRenderer } from '@civic/sdk/web/blueprint-table';
import { observer } from '@civic/sdk/web/mobx';
import { memo, useCallback, useMemo, type CSSProperties, type MouseEvent, type ReactElement, type ReactNode } from '@civic/sdk/web/react';
import { DataGrid, useFittedColumns } from '@civic/sdk/web/lists';
import type { NavigateFunction } from '@civic/sdk/web/router';
import type { IntentRow } from '../common/api';
import type { IntentTableModel } from './intent-table-model';
import { editorPath } from './paths';
import { formatCount } from '@civic/sdk/common/format';

/** The intents page's table: fixed-height rows, one memoised element per cell, every row in view drawn. */

const ROW_HEIGHT = 32;
const EDITOR_WIDTHS = [44, 380, 80, 80, 90, 200, 160, 150];
const VIEWER_WIDTHS = EDITOR_WIDTHS.slice(1);
/** The selection column's header shows no text; screen readers hear this. */
const SELECT_COLUMN_NAME = { 0: 'Select' } as const;

type Renderers = ReturnType<typeof makeRenderers>;

/**
 * The table on its own observer: a page of rows arriving (`revision`) or a selection change
 * re-renders only the table, not the page with its tabs and toolbar.
 */
export const IntentsTable = observer(function IntentsTable({ model, canEdit, renderers }: { model: IntentTableModel; canEdit: boolean; renderers: Renderers }) {
  const nameSortedDesc = model.query.sort === 'name' && model.query.order === 'desc';
  const nameSorted = model.query.sort === 'name';
  const nameHeader = useCallback(
    () => (
      <ColumnHeaderCell
        name="Name"
        nameRenderer={() => (
          <button type="button" className="civic-kb-sort" aria-label={`Sort by name, ${nameSortedDesc ? 'A to Z' : 'Z to A'}`} onClick={() => model.setQuery({ sort: 'name', order: nameSortedDesc ? 'asc' : 'desc' })}>
            Name {nameSorted ? (nameSortedDesc ? '▼' : '▲') : ''}
          </button>
        )}
      />
    ),
    [model, nameSortedDesc, nameSorted],
  );
  const columns = useMemo(
    () => [
      ...(canEdit ? [<Column key="select" name="" cellRenderer={renderers.select} />] : []),
      <Column key="name" name="Name" cellRenderer={renderers.name} columnHeaderCellRenderer={nameHeader} />,
      <Column key="type" name="Type" cellRenderer={renderers.type} />,
      <Column key="phrases" name="Phrases" cellRenderer={renderers.phrases} />,
      <Column key="children" name="Follow-ups" cellRenderer={renderers.children} />,
      <Column key="class" name="Categories and labels" cellRenderer={renderers.classification} />,
      <Column key="owner" name="Owner · review by" cellRenderer={renderers.owner} />,
      <Column key="actions" name="Actions" cellRenderer={renderers.actions} />,
    ],
    [canEdit, renderers, nameHeader],
  );
  const [box, widths] = useFittedColumns(canEdit ? EDITOR_WIDTHS : VIEWER_WIDTHS, { fixed: canEdit ? [0, EDITOR_WIDTHS.length - 1] : [VIEWER_WIDTHS.length - 1] });
  return (
    <DataGrid className="civic-kb-table" label="Intents" rowCount={model.total} colCount={columns.length} columnNames={canEdit ? SELECT_COLUMN_NAME : undefined} boxRef={box}>
      <VirtualTable
        numRows={model.total}
        defaultRowHeight={ROW_HEIGHT}
        columnWidths={widths}
        cellRendererDependencies={[model.revision, model.selectionRevision, renderers, widths]}
      >
        {columns}
      </VirtualTable>
    </DataGrid>
  );
});

/** The props the table clones into a cell element (className, style, key, loading, isFocused) plus ours. */
interface RowCellProps {
  className?: string;
  style?: CSSProperties;
  interactive?: boolean;
  loading?: boolean;
  isFocused?: boolean;
  children?: ReactNode;
}

const sameRect = (a: CSSProperties | undefined, b: CSSProperties | undefined) =>
  a === b ||
  (a !== undefined && b !== undefined && a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height && a.paddingLeft === b.paddingLeft);

/**
 * A body cell for the table: one div with Blueprint's cell classes instead of the table's Cell (two
 * elements per cell). The table only needs an element it can clone
 * className and style into. Skips rendering while its content and place stay the same.
 */
const RowCell = memo(
  function RowCell({ className, style, interactive, children }: RowCellProps) {
    return (
      <div className={`${CELL_CLASS}${interactive ? ' bp6-table-cell-interactive' : ''} ${className ?? ''}`} style={style}>
        {children}
      </div>
    );
  },
  (a, b) => a.children === b.children && a.className === b.className && a.interactive === b.interactive && sameRect(a.style, b.style),
);
const CELL_CLASS = 'bp6-table-cell bp6-table-truncated-cell civic-kb-cell';
const LOADING_CELL = <RowCell />;
const LOADING_NAME_CELL = (
  <RowCell>
    <span className="civic-kb-context">Loading…</span>
  </RowCell>
);

/**
 * One stable set of cell renderers per model and lookups: the table calls them per visible cell.
 * Rendered cells are kept per row object (and selection state for the checkbox), so cells that stay in
 * view while scrolling, or when another page of rows arrives, are the same elements and React skips
 * them. A reload brings new row objects, hence new cells.
 */
export function makeRenderers(model: IntentTableModel, appId: string, names: Map<string, string>, canEdit: boolean, navigate: NavigateFunction, onDelete: (row: IntentRow) => void) {
  const cache = new WeakMap<IntentRow, Array<ReactElement<RowCellProps> | undefined>>();
  const columns = 16;
  const NAME_COLUMN = 2; // the second renderer below, present for every role
  let column = 0;
  const open = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(path);
  };
  /** variant: which of two cached versions of the cell (e.g. checked or not). */
  const cell = (
    render: (row: IntentRow) => ReactNode,
    interactive = false,
    variant?: (row: IntentRow) => boolean,
    props?: (row: IntentRow) => Pick<RowCellProps, 'className' | 'style'>,
  ): CellRenderer => {
    const id = column;
    column += 2;
    const loading = id === NAME_COLUMN ? LOADING_NAME_CELL : LOADING_CELL;
    return function renderCell(index: number) {
      const row = model.rowAt(index);
      if (!row) {
        queueMicrotask(() => model.ensureRow(index));
        return loading;
      }
      if (id === NAME_COLUMN && model.needsPrefetch(index)) queueMicrotask(() => model.prefetchAround(index));
      let cells = cache.get(row);
      if (!cells) {
        cells = new Array<ReactElement<RowCellProps> | undefined>(columns);
        cache.set(row, cells);
      }
      const slot = id + (variant?.(row) ? 1 : 0);
      let element = cells[slot];
      if (!element) {
        // The table keeps the element's className and style (it adds its own classes and the cell's box).
        element = (
          <RowCell interactive={interactive} {...props?.(row)}>
            {render(row)}
          </RowCell>
        );
        cells[slot] = element;
      }
      return element;
    };
  };
  const path = (row: IntentRow) => editorPath(appId, row.kind, canEdit ? 'edit' : 'view', row.id);
  return {
    select: cell(
      (row) => (
        <input type="checkbox" className="civic-kb-check" checked={model.isSelected(row.id)} aria-label={`Select ${row.displayName}`} onChange={() => model.toggle(row.id)} />
      ),
      true,
      (row) => model.isSelected(row.id),
    ),
    name: cell(
      // Plain links (router navigation on a plain click): a router Link per cell costs several hooks per scroll frame.
      (row) => (
        <a href={path(row)} onClick={open(path(row))} className={row.matched ? undefined : 'civic-kb-context'}>
          {row.displayName}
        </a>
      ),
      true,
      undefined,
      // Follow-ups indented 18 px a level (8 px is the cell's own padding), marked ↳ by the stylesheet.
      (row) => ({ className: row.level > 1 ? 'civic-kb-name civic-kb-followup' : 'civic-kb-name', style: { paddingLeft: 8 + (row.level - 1) * 18 } }),
    ),
    type: cell((row) => (row.kind === 'qna' ? <span className="bp6-tag bp6-minimal bp6-intent-primary">Q&A</span> : row.defaultKind ? <span className="bp6-tag bp6-minimal">Default</span> : 'Intent')),
    phrases: cell((row) => formatCount(row.phraseCount)),
    children: cell((row) => (row.childCount > 0 ? formatCount(row.childCount) : '—')),
    classification: cell((row) => [...row.categoryIds, ...row.labelIds].map((id) => names.get(id)).filter(Boolean).join(', ') || '—'),
    owner: cell((row) => (row.kind === 'qna' ? [row.answerOwner ?? '—', row.reviewBy ?? ''].filter(Boolean).join(' · ') : '')),
    actions: cell(
      (row) => (
        <>
          <a href={path(row)} onClick={open(path(row))} aria-label={`${canEdit ? 'Edit' : 'View'} ${row.displayName}`}>
            {canEdit ? 'Edit' : 'View'}
          </a>
          {canEdit && !row.defaultKind && (
            // A native button: one per visible row, so kept light. Default intents are edited, never deleted.
            <button type="button" className="bp6-button bp6-small bp6-minimal bp6-intent-danger" aria-label={`Delete ${row.displayName}`} onClick={() => onDelete(row)}>
              Delete
            </button>
          )}
        </>
      ),
      true,
      undefined,
      () => ({ className: 'civic-kb-actions' }),
    ),
  };
}
