import { Alert, Button, HTMLSelect, InputGroup, Tab, Tabs } from '@civic/sdk/web/blueprint';
import { AddIcon, SearchIcon, TagIcon, TrashIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { useCallback, useEffect, useMemo, useState } from '@civic/sdk/web/react';
import { useLocation, useNavigate, useParams } from '@civic/sdk/web/router';
import { ApiClient, ToastService } from '@civic/sdk/web/services';
import { Messages } from '@civic/sdk/common/messages';
import { EmptyState, errorMessage, Page, useAccess, useService, LoadError } from '@civic/sdk/web';
import { lazyDialog } from '@civic/sdk/web/forms';
import { useSearchBox, useUrlState } from '@civic/sdk/web/lists';
import { KbApi, type IntentDeleteResponse, type IntentRow } from '../common/api';
import { KbMessages } from '../common/messages';
import { canEditKnowledgeBase } from '../common/permissions';
import { INTENT_SORTS, type IntentSort } from '../common/intent-sorts';
import { DEFAULT_QUERY, IntentTableModel, type IntentQuery } from './intent-table-model';
import { IntentsTable, makeRenderers } from './intents-table';
import { useLookups } from './lookups';
import './knowledge-base.css';
import { formatCount } from '@civic/sdk/common/format';

const BulkClassifyDialog = lazyDialog(() => import('./bulk-classify-dialog').then((m) => m.BulkClassifyDialog));

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
  // Switching tabs keeps the search and filters (they are in the query).
  const location = useLocation();
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const editing = useAccess(canEditKnowledgeBase);
  const canEdit = editing.allowed;
  const lookups = useLookups(appId);
  const tab = TABS.find((t) => t.id === tabId) ?? TABS[0];
  const [model] = useState(() => new IntentTableModel(api, appId));
  const [search, setSearch] = useSearchBox(model.query.search, (text) => model.setQuery({ search: text }));
  const [deleting, setDeleting] = useState<IntentRow | null>(null);
  const [classifying, setClassifying] = useState(false);

  useEffect(() => {
    model.setQuery({ kind: tab.kind });
  }, [model, tab.kind]);
  // Search, sort and the category and label filters live in the URL (the tab is in its path).
  const q = model.query;
  useUrlState(
    { search: q.search, sort: q.sort === DEFAULT_QUERY.sort ? '' : q.sort, order: q.order === DEFAULT_QUERY.order ? '' : q.order, category: q.categoryId, label: q.labelId },
    (state) =>
      model.setQuery({
        search: state.search,
        sort: (INTENT_SORTS as readonly string[]).includes(state.sort) ? (state.sort as IntentSort) : DEFAULT_QUERY.sort,
        order: state.order === 'desc' ? 'desc' : 'asc',
        categoryId: state.category,
        labelId: state.label,
      }),
  );

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
      toasts.error(errorMessage(error));
    }
  }, [deleting, api, appId, toasts, model]);

  const { counts, total, status } = model;
  const sortValue = `${model.query.sort}-${model.query.order}`;
  const selectedCount = model.selectionRevision >= 0 ? model.selected.size : 0;
  const filtered = model.query.search !== '' || model.query.categoryId !== '' || model.query.labelId !== '';

  const content = (
    <>
        {status === 'error' && (
          <LoadError title="The intents could not be loaded" error={model.error} onRetry={() => void model.reload()} />
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
              : `${formatCount(counts.intent)} ${counts.intent === 1 ? 'intent' : 'intents'} · ${formatCount(counts.qna)} Q&A${filtered ? ` · ${formatCount(total)} shown` : ''}`}
          </span>
        </>
      }
    >
      <Tabs id="intents-tabs" selectedTabId={tab.id} onChange={(id) => navigate({ pathname: `/intents/${String(id)}/${encodeURIComponent(appId)}`, search: location.search })} renderActiveTabPanelOnly>
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
