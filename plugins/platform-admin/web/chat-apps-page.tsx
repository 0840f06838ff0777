import { Button, Checkbox, HTMLSelect, Tag } from '@civic/sdk/web/blueprint';
import { AddIcon, FilterIcon } from '@civic/sdk/web/icons';
import { Column, rowCells, VirtualTable } from '@civic/sdk/web/blueprint-table';
import { observer } from '@civic/sdk/web/mobx';
import { lazy, Suspense, useEffect, useMemo, useState } from '@civic/sdk/web/react';
import { engineLabel } from '@civic/sdk/common/model';
import { ApiClient, Page, Pager, useService, LoadError } from '@civic/sdk/web';
import { lazyDialog } from '@civic/sdk/web/forms';
import { DataGrid, useFittedColumns, useUrlState } from '@civic/sdk/web/lists';
import { applyChatAppsUrlState, chatAppsUrlState } from './chat-apps-url-state';
import { AdminApi, type AgencyItem } from '../common/api';
import { FIELD_LABELS, SORT_FIELDS, type SortField } from '../common/table-filter';
import { ChatAppsStore } from './chat-apps-store';
import { DateRangeFilterControl } from './date-range-filter';
import { useResource } from './use-resource';
import { formatCount } from '@civic/sdk/common/format';

// The dialogs (their forms, DTOs and class-validator) come on first opening.
const AppCreateDialog = lazyDialog(() => import('./app-create-dialog').then((m) => m.AppCreateDialog));
const AppEditDialog = lazyDialog(() => import('./app-edit-dialog').then((m) => m.AppEditDialog));
const filterPopover = () => import('./chat-apps-filter-popover');
/** The Filters popover, fetched when Filters is first pressed (pointing at the button starts it). */
const ChatAppsFilterPopover = lazy(() => filterPopover().then((m) => ({ default: m.ChatAppsFilterPopover })));

const ROW_HEIGHT = 36;
const COLUMN_WIDTHS = [140, 170, 130, 80, 170, 80, 100, 100, 130, 70];
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

/** /chatApp: every chat app, filtered on the server (§3 table filter, date range), 150 a page (§9). */
export const ChatAppsPage = observer(function ChatAppsPage() {
  const store = useService<ChatAppsStore>(ChatAppsStore);
  const api = useService<ApiClient>(ApiClient);
  const agencies = useResource(() => api.get<{ agencies: AgencyItem[] }>(AdminApi.agencies));
  const agencyNames = (agencies.data?.agencies ?? []).map((a) => a.name);
  const [filterOpen, setFilterOpen] = useState(false);
  // Whether Filters was pressed yet: until then the button alone, without the popover's code.
  const [filterUsed, setFilterUsed] = useState(false);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const list = store.list;
  const rows = list.items;
  // Columns share the width there is (no sideways scrolling, which keyboard users could not reach).
  const [region, widths] = useFittedColumns(COLUMN_WIDTHS, { fixed: [COLUMN_WIDTHS.length - 1] });

  useEffect(() => void list.load(), [list]);
  // Filters, date range, sort and "include decommissioned" live in the URL: a reload, a link or Back keeps them.
  useUrlState(chatAppsUrlState(store), (state) => applyChatAppsUrlState(store, state));

  const renderers = useMemo(() => {
    const cell = rowCells(rows);
    return {
      appId: cell.text((r) => r.appId),
      appName: cell.text((r) => r.appName),
      agency: cell.text((r) => r.agency.name),
      tier: cell.text((r) => r.subscriptionTier),
      engine: cell.text((r) => engineLabel(r.nlpEngine.service)),
      members: cell.text((r) => String(r.memberCount)),
      created: cell.text((r) => day(r.createdAt)),
      goLive: cell.text((r) => day(r.goLiveAt)),
      status: cell.node((r) => (r.isDecommissioned ? <Tag minimal intent="danger">Decommissioned</Tag> : <Tag minimal intent="success">Active</Tag>)),
      edit: cell.node((r) => <Button size="small" variant="minimal" intent="primary" text="Edit" aria-label={`Edit ${r.appId}`} onClick={() => setEditing(r.appId)} />, { interactive: true }),
    };
  }, [rows]);

  const activeFilters = store.filter.items.length;
  const filterButton = <Button icon={<FilterIcon />} text={activeFilters ? `Filters (${activeFilters}, ${store.filter.link})` : 'Filters'} aria-expanded={filterOpen} />;

  return (
    <Page
      title="Chat Apps"
      description="Every chat app on the platform: filter, create, edit and decommission."
      actions={<Button intent="primary" icon={<AddIcon />} text="New chat app" onClick={() => setCreating(true)} />}
      toolbar={
        <>
          {filterUsed ? (
            <Suspense fallback={filterButton}>
              <ChatAppsFilterPopover isOpen={filterOpen} onInteraction={setFilterOpen} value={store.filter} onApply={(f) => { store.setFilter(f); setFilterOpen(false); }}>
                {filterButton}
              </ChatAppsFilterPopover>
            </Suspense>
          ) : (
            <Button
              {...filterButton.props}
              onPointerEnter={() => void filterPopover().catch(() => undefined)}
              onClick={() => {
                setFilterUsed(true);
                setFilterOpen(true);
              }}
            />
          )}
          <DateRangeFilterControl value={store.dateRange} onChange={(range) => store.setDateRange(range)} />
          <HTMLSelect
            aria-label="Sort by"
            value={store.sortBy}
            onChange={(e) => store.setSort(e.currentTarget.value as SortField, store.sortOrder)}
            options={SORT_FIELDS.map((f) => ({ value: f, label: `Sort: ${FIELD_LABELS[f]}` }))}
          />
          <HTMLSelect
            aria-label="Sort order"
            value={store.sortOrder}
            onChange={(e) => store.setSort(store.sortBy, e.currentTarget.value as 'asc' | 'desc')}
            options={[
              { value: 'asc', label: 'Ascending' },
              { value: 'desc', label: 'Descending' },
            ]}
          />
          <Checkbox label="Include decommissioned" checked={store.includeDecommissioned} onChange={(e) => store.setIncludeDecommissioned(e.currentTarget.checked)} />
          <span role="status" aria-live="polite">
            {list.status === 'loading' && rows.length === 0 ? 'Loading…' : `${formatCount(list.total)} ${list.total === 1 ? 'app' : 'apps'}`}
          </span>
        </>
      }
    >
      {list.status === 'error' && (
        <LoadError title="The chat apps could not be loaded" error={list.error} onRetry={() => void list.load()} />
      )}
      <DataGrid className="civic-chat-apps-table" label="Chat apps" rowCount={list.total} colCount={COLUMN_WIDTHS.length} boxRef={region}>
        <VirtualTable
          numRows={rows.length}
          defaultRowHeight={ROW_HEIGHT}
          columnWidths={widths}
          cellRendererDependencies={[rows, widths]}
        >
          <Column name="App id" cellRenderer={renderers.appId} />
          <Column name="Name" cellRenderer={renderers.appName} />
          <Column name="Agency" cellRenderer={renderers.agency} />
          <Column name="Tier" cellRenderer={renderers.tier} />
          <Column name="Engine" cellRenderer={renderers.engine} />
          <Column name="Members" cellRenderer={renderers.members} />
          <Column name="Created" cellRenderer={renderers.created} />
          <Column name="Go-live" cellRenderer={renderers.goLive} />
          <Column name="Status" cellRenderer={renderers.status} />
          <Column name="Actions" cellRenderer={renderers.edit} />
        </VirtualTable>
      </DataGrid>
      <Pager list={list} label="Pages of chat apps" />
      {creating && <AppCreateDialog agencies={agencyNames} onClose={() => setCreating(false)} onCreated={(appId) => setEditing(appId)} />}
      {editing && <AppEditDialog key={editing} appId={editing} agencies={agencyNames} onClose={() => setEditing(null)} />}
    </Page>
  );
});

