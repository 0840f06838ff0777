import { Alert, Button, Callout, HTMLSelect, InputGroup, Tab, Tabs } from '@civic/sdk/web/blueprint';
import { Column, ColumnHeaderCell, RenderMode, SelectionModes, Table2, type CellRenderer } from '@civic/sdk/web/blueprint-table';
import { AddIcon, SearchIcon, TagIcon, TrashIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { memo, useCallback, useEffect, useMemo, useState, type CSSProperties, type MouseEvent, type ReactElement, type ReactNode } from '@civic/sdk/web/react';
import { useNavigate, useParams, type NavigateFunction } from '@civic/sdk/web/router';
import { ApiClient, isApiError, ToastService } from '@civic/sdk/web/services';
import { Messages } from '@civic/sdk/common/messages';
import { EmptyState, Page, useAccess, useService } from '@civic/sdk/web';
import { KbApi, type IntentDeleteResponse, type IntentRow } from '../common/api';
import { KbMessages } from '../common/messages';
import { canEditKnowledgeBase } from '../common/permissions';
import { BulkClassifyDialog } from './bulk-classify-dialog';
import { IntentTableModel, type IntentQuery } from './intent-table-model';
import { useLookups } from './lookups';
import { editorPath } from './paths';
import './knowledge-base.css';

export const ROW_HEIGHT = 32;
const EDITOR_WIDTHS = [44, 380, 80, 80, 90, 200, 160, 150];
const VIEWER_WIDTHS = EDITOR_WIDTHS.slice(1);
const SEARCH_DELAY_MS = 300;
/**
 * Every visible cell renders on each scroll. Table2's batched modes add 20 cells per two frames, so at
 * a brisk scroll (tests/bench: 400 px a frame) every frame showed blank rows; with NONE none do, and
 * the cells below are cheap enough (one div each, memoised per row) to render ~100 new ones a frame.
 */
const RENDER_MODE = RenderMode.NONE;
const TABS = [
  { id: 'all', title: 'All', kind: '' },
  { id: 'intents', title: 'Intents', kind: 'intent' },
  { id: 'qna', title: 'Q&A', kind: 'qna' },
] as const;
const SORTS: Array<{ value: string; label: string; sort: IntentQuery['sort']; order: IntentQuery['order'] }> = [
  { value: 'name-asc', label: 'Name A–Z', sort: 'name', order: 'asc' },
  { value: 'name-desc', label: 'Name Z–A', sort: 'name', order: 'desc' },
  { value: 'updatedAt-desc', label: 'Recently updated', sort: 'updatedAt', order: 'desc' },
  { value: 'updatedAt-asc', label: 'Least recently updated', sort: 'updatedAt', order: 'asc' },
];

/** /intents/{appId} and /intents/{tabId}/{appId}: the intent tree, searched and filtered on the server. */
export const IntentsPage = observer(function IntentsPage() {
  const { appId = '', tabId = 'all' } = useParams();
  const navigate = useNavigate();
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const editing = useAccess(canEditKnowledgeBase);
  const canEdit = editing.allowed;
  const lookups = useLookups(appId);
  const tab = TABS.find((t) => t.id === tabId) ?? TABS[0];
  const [model] = useState(() => new IntentTableModel(api, appId));
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<IntentRow | null>(null);
  const [classifying, setClassifying] = useState(false);

  useEffect(() => {
    model.setQuery({ kind: tab.kind });
  }, [model, tab.kind]);

  useEffect(() => {
    if (search === model.query.search) return;
    const timer = setTimeout(() => model.setQuery({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, model]);

  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const item of [...lookups.categories, ...lookups.labels]) map.set(item.id, item.name);
    return map;
  }, [lookups]);

  const renderers = useMemo(() => makeRenderers(model, appId, names, canEdit, navigate, setDeleting), [model, appId, names, canEdit, navigate]);

  const confirmDelete = useCallback(async () => {
    const row = deleting;
    setDeleting(null);
    if (!row) return;
    try {
      const result = await api.delete<IntentDeleteResponse>(KbApi.intent(appId, row.id));
      toasts.notify(result.deletedIds.length > 1 ? `Deleted ${result.deletedIds.length} intents` : KbMessages.deleted);
      void api.post('/api/v1/feature-usages', { appId, event: 'click', feature: 'intent-delete', module: 'knowledge-base', intentId: row.id, intentName: row.displayName }).catch(() => undefined);
      await model.reload();
    } catch (error) {
      toasts.error(isApiError(error) ? error.message : Messages.errorEncountered);
    }
  }, [deleting, api, appId, toasts, model]);

  const { counts, total, status } = model;
  const sortValue = `${model.query.sort}-${model.query.order}`;
  const selectedCount = model.selectionRevision >= 0 ? model.selected.size : 0;
  const filtered = model.query.search !== '' || model.query.categoryId !== '' || model.query.labelId !== '';

  const content = (
    <>
        {status === 'error' && (
          <Callout intent="danger" role="alert" title="The intents could not be loaded" className="civic-form-notice">
            <p>{model.error}</p>
            <Button text="Try again" onClick={() => void model.reload()} />
          </Callout>
        )}
        {status === 'ready' && total === 0 ? (
          <EmptyState
            title={filtered ? KbMessages.noMatches : tab.kind === 'qna' ? KbMessages.noQna : KbMessages.noIntents}
            description={filtered ? 'Try other words or remove a filter.' : 'Intents teach the bot what people ask and how to answer.'}
            action={canEdit && !filtered ? <Button intent="primary" icon={<AddIcon />} text="Add intent" onClick={() => navigate(`/intent/${encodeURIComponent(appId)}/create`)} /> : undefined}
          />
        ) : (
          <IntentsTable model={model} canEdit={canEdit} renderers={renderers} />
        )}
    </>
  );

  return (
    <Page
      title="Intents"
      description="What the bot understands: intents with their follow-ups, and Q&A pairs."
      actions={
        canEdit && (
          <>
            <Button icon={<AddIcon />} text="Add Q&A" onClick={() => navigate(`/QandA/${encodeURIComponent(appId)}/create`)} />
            <Button intent="primary" icon={<AddIcon />} text="Add intent" onClick={() => navigate(`/intent/${encodeURIComponent(appId)}/create`)} />
          </>
        )
      }
      toolbar={
        <>
          <InputGroup
            type="search"
            leftIcon={<SearchIcon />}
            placeholder="Name or training phrase"
            aria-label="Search intents"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <HTMLSelect aria-label="Sort" value={sortValue} onChange={(e) => {
            const choice = SORTS.find((s) => s.value === e.target.value) ?? SORTS[0];
            model.setQuery({ sort: choice.sort, order: choice.order });
          }} options={SORTS.map((s) => ({ value: s.value, label: s.label }))} />
          {lookups.categories.length > 0 && (
            <HTMLSelect aria-label="Category" value={model.query.categoryId} onChange={(e) => model.setQuery({ categoryId: e.target.value })}
              options={[{ value: '', label: 'All categories' }, ...lookups.categories.map((c) => ({ value: c.id, label: c.name }))]} />
          )}
          {lookups.labels.length > 0 && (
            <HTMLSelect aria-label="Label" value={model.query.labelId} onChange={(e) => model.setQuery({ labelId: e.target.value })}
              options={[{ value: '', label: 'All labels' }, ...lookups.labels.map((l) => ({ value: l.id, label: l.name }))]} />
          )}
          {canEdit && selectedCount > 0 && (
            <>
              <span>{selectedCount} selected</span>
              <Button icon={<TagIcon />} text="Categories and labels" onClick={() => setClassifying(true)} />
              <Button variant="minimal" text="Clear selection" onClick={() => model.clearSelection()} />
            </>
          )}
          <span className="civic-kb-count" role="status" aria-live="polite">
            {status === 'loading' && total === 0
              ? 'Loading…'
              : `${counts.intent.toLocaleString()} ${counts.intent === 1 ? 'intent' : 'intents'} · ${counts.qna.toLocaleString()} Q&A${filtered ? ` · ${total.toLocaleString()} shown` : ''}`}
          </span>
        </>
      }
    >
      <Tabs id="intents-tabs" selectedTabId={tab.id} onChange={(id) => navigate(`/intents/${String(id)}/${encodeURIComponent(appId)}`)} renderActiveTabPanelOnly>
        {TABS.map((t) => (
          <Tab key={t.id} id={t.id} title={t.title} panel={content} />
        ))}
      </Tabs>
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon={<TrashIcon />}
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        canEscapeKeyCancel
      >
        <p>{Messages.confirmDelete}</p>
        {deleting && (
          <p>
            <strong>{deleting.displayName}</strong>: {deleting.level === 1 ? KbMessages.deleteLevel1Warning : KbMessages.deleteChildrenWarning}
          </p>
        )}
      </Alert>
      {classifying && (
        <BulkClassifyDialog
          appId={appId}
          intentIds={[...model.selected]}
          categories={lookups.categories}
          labels={lookups.labels}
          onClose={(changed) => {
            setClassifying(false);
            if (changed) {
              model.clearSelection();
              void model.reload();
            }
          }}
        />
      )}
    </Page>
  );
});

type Renderers = ReturnType<typeof makeRenderers>;

/**
 * The table on its own observer: a page of rows arriving (`revision`) or a selection change
 * re-renders only the table, not the page with its tabs and toolbar.
 */
const IntentsTable = observer(function IntentsTable({ model, canEdit, renderers }: { model: IntentTableModel; canEdit: boolean; renderers: Renderers }) {
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
  return (
    <div className="civic-kb-table" role="region" aria-label="Intents table">
      <Table2
        numRows={model.total}
        defaultRowHeight={ROW_HEIGHT}
        enableRowResizing={false}
        enableRowHeader={false}
        enableColumnResizing={false}
        enableFocusedCell={false}
        enableGhostCells={false}
        renderMode={RENDER_MODE}
        selectionModes={SelectionModes.NONE}
        columnWidths={canEdit ? EDITOR_WIDTHS : VIEWER_WIDTHS}
        cellRendererDependencies={[model.revision, model.selectionRevision, renderers]}
      >
        {columns}
      </Table2>
    </div>
  );
});

/** The props Table2 clones into a cell element (className, style, key, loading, isFocused) plus ours. */
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
 * A body cell for Table2: one div with Blueprint's cell classes instead of Blueprint's Cell (three
 * elements, a LoadableContent and a children walk per cell). Table2 only needs an element it can clone
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
function makeRenderers(model: IntentTableModel, appId: string, names: Map<string, string>, canEdit: boolean, navigate: NavigateFunction, onDelete: (row: IntentRow) => void) {
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
        // Table2 keeps the element's className and style (it adds its own classes and the cell's box).
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
    phrases: cell((row) => row.phraseCount.toLocaleString()),
    children: cell((row) => (row.childCount > 0 ? row.childCount.toLocaleString() : '—')),
    classification: cell((row) => [...row.categoryIds, ...row.labelIds].map((id) => names.get(id)).filter(Boolean).join(', ') || '—'),
    owner: cell((row) => (row.kind === 'qna' ? [row.answerOwner ?? '—', row.reviewBy ?? ''].filter(Boolean).join(' · ') : '')),
    actions: cell(
      (row) => (
        <>
          <a href={path(row)} onClick={open(path(row))} aria-label={`${canEdit ? 'Edit' : 'View'} ${row.displayName}`}>
            {canEdit ? 'Edit' : 'View'}
          </a>
          {canEdit && (
            // A native button: one per visible row, so kept light.
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
