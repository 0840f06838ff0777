import { Button, Callout, HTMLSelect, InputGroup, Tag } from '@civic/sdk/web/blueprint';
import { DownloadIcon, NotificationsIcon, SearchIcon } from '@civic/sdk/web/icons';
import { Column, rowCells, VirtualTable } from '@civic/sdk/web/blueprint-table';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useMemo, useState } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { ConfirmDelete, EmptyState, errorMessage, LoadError, Page, saveBlob, ToastService, useAccess, useService } from '@civic/sdk/web';
import { DataGrid, useFittedColumns, useSearchBox, useUrlState } from '@civic/sdk/web/lists';
import { Timing } from '@civic/sdk/common/messages';
import { CHANNEL_LABELS, CHANNELS, STATUS_LABELS, STATUSES, type Channel, type SubscriberRow, type SubscriberStatus } from '../common/api';
import { SubscribersMessages } from '../common/messages';
import { canManageSubscribers } from '../common/permissions';
import { SubscribersStore } from './subscribers-store';
import './subscribers.css';

const ROW_HEIGHT = 40;
const COLUMN_WIDTHS = [230, 130, 190, 110, 150, 120, 110];
/** Rows from the end of what is loaded at which the next page is fetched. */
const PREFETCH_ROWS = 15;

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-SG', { dateStyle: 'medium' });
const isChannel = (value: string): value is Channel => (CHANNELS as readonly string[]).includes(value);
const isStatus = (value: string): value is SubscriberStatus => (STATUSES as readonly string[]).includes(value);

/** /subscriber/{appId}: citizens who opted in to the app's announcements, with totals; admins reveal, remove and export. */
export const SubscribersPage = observer(function SubscribersPage() {
  const { appId = '' } = useParams();
  const store = useService<SubscribersStore>(SubscribersStore);
  const toasts = useService<ToastService>(ToastService);
  const manage = useAccess(canManageSubscribers);
  const [search, setSearch] = useSearchBox(store.filters.search, (text) => store.setFilters({ search: text }));
  const [removing, setRemoving] = useState<SubscriberRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const list = store.list;
  const items = list.items;
  const filters = store.filters;

  useEffect(() => void store.open(appId), [store, appId]);
  // The search and filters live in the URL (?search=…&channel=TELEGRAM&status=ACTIVE): a reload, a link or Back keeps them.
  useUrlState({ search: filters.search, channel: filters.channel, status: filters.status }, (state) =>
    store.setFilters({ search: state.search, channel: isChannel(state.channel) ? state.channel : '', status: isStatus(state.status) ? state.status : '' }),
  );

  const fail = (error: unknown) => toasts.show(errorMessage(error), 'danger', Timing.snackbarMs);
  const contactOf = (row: SubscriberRow) => store.revealed.get(row.id) ?? row.contact;

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      const csv = await store.exportCsv();
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `subscribers-${appId}-${new Date().toISOString().slice(0, 10)}.csv`);
      toasts.notify(SubscribersMessages.exported);
    } catch (error) {
      setExportError(errorMessage(error));
    } finally {
      setExporting(false);
    }
  }

  const [box, widths] = useFittedColumns(COLUMN_WIDTHS, { fixed: [COLUMN_WIDTHS.length - 1] });
  const renderers = useMemo(() => {
    const cell = rowCells(items);
    return {
      contact: cell.node(
        (r) => (
          <span className="civic-subscribers-contact">
            <span>{contactOf(r)}</span>
            {manage.allowed && !store.revealed.has(r.id) && (
              <Button size="small" variant="minimal" text="Reveal" aria-label={`Reveal contact ${r.contact}`} onClick={() => void store.reveal(r.id).catch(fail)} />
            )}
          </span>
        ),
        { interactive: true },
      ),
      channel: cell.text((r) => CHANNEL_LABELS[r.channel]),
      topics: cell.text((r) => r.topics.join(', ') || '—'),
      status: cell.node((r) => (
        <Tag minimal intent={r.status === 'ACTIVE' ? 'success' : 'none'}>
          {STATUS_LABELS[r.status]}
        </Tag>
      )),
      consent: cell.text((r) => `${r.consentVersion}, ${formatDate(r.consentedAt)}`),
      since: cell.text((r) => formatDate(r.createdAt)),
      actions: cell.node(
        (r) =>
          manage.allowed && r.status === 'ACTIVE' ? (
            <Button size="small" variant="minimal" intent="danger" text="Remove" aria-label={`Remove ${contactOf(r)}`} onClick={() => setRemoving(r)} />
          ) : (
            <span />
          ),
        { interactive: true },
      ),
    };
    // The reveals are read inside the renderers: a change re-renders the cells.
  }, [items, store.revealed, manage.allowed]); // eslint-disable-line react-hooks/exhaustive-deps

  const summary = store.summary;
  const filtered = filters.search !== '' || filters.channel !== '' || filters.status !== '';

  return (
    <Page
      title="Subscriber"
      description="Citizens who opted in to this app's announcements, such as service disruptions and deadlines, on web chat, Telegram or WhatsApp. Contacts are masked."
      actions={manage.allowed ? <Button icon={<DownloadIcon />} text="Export CSV" loading={exporting} onClick={() => void exportCsv()} /> : undefined}
      toolbar={
        <div className="civic-subscribers-filters">
          <InputGroup id="subscribers-search" type="search" leftIcon={<SearchIcon />} placeholder="Contact or topic" aria-label="Search subscribers" value={search} onChange={(e) => setSearch(e.target.value)} />
          <HTMLSelect aria-label="Channel" value={filters.channel} onChange={(e) => store.setFilters({ channel: isChannel(e.target.value) ? e.target.value : '' })}>
            <option value="">Any channel</option>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>{CHANNEL_LABELS[c]}</option>
            ))}
          </HTMLSelect>
          <HTMLSelect aria-label="Status" value={filters.status} onChange={(e) => store.setFilters({ status: isStatus(e.target.value) ? e.target.value : '' })}>
            <option value="">Any status</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>{STATUS_LABELS[s]}</option>
            ))}
          </HTMLSelect>
          <span className="civic-subscribers-count" role="status" aria-live="polite">
            {list.status === 'loading' ? 'Loading…' : list.status === 'ready' ? `${items.length.toLocaleString('en')}${list.hasMore ? '+' : ''} ${items.length === 1 && !list.hasMore ? 'subscriber' : 'subscribers'}` : ''}
          </span>
        </div>
      }
    >
      {summary && (
        <dl className="civic-subscribers-totals" aria-label="Totals">
          <div><dt>Active</dt><dd>{summary.active.toLocaleString('en')}</dd></div>
          <div><dt>Unsubscribed</dt><dd>{summary.unsubscribed.toLocaleString('en')}</dd></div>
          {CHANNELS.map((c) => (
            <div key={c}><dt>Active on {CHANNEL_LABELS[c]}</dt><dd>{summary.byChannel[c].toLocaleString('en')}</dd></div>
          ))}
        </dl>
      )}
      {exportError && (
        <Callout intent="danger" role="alert" title="The export failed" className="civic-form-notice">
          {exportError}
        </Callout>
      )}
      {list.status === 'error' && <LoadError title="The subscribers could not be loaded" error={list.error} onRetry={() => void list.load()} />}
      {list.status === 'ready' && items.length === 0 ? (
        <EmptyState
          icon={<NotificationsIcon />}
          title={filtered ? 'No subscribers match' : 'No subscribers yet'}
          description={filtered ? 'Change or clear the filters.' : 'Citizens appear here once they opt in from the chat widget, Telegram or WhatsApp.'}
          action={filtered ? <Button text="Clear filters" onClick={() => store.setFilters({ search: '', channel: '', status: '' })} /> : undefined}
        />
      ) : (
        <DataGrid className="civic-subscribers-table" label="Subscribers" rowCount={list.hasMore ? -1 : items.length} colCount={COLUMN_WIDTHS.length} boxRef={box}>
          <VirtualTable
            numRows={items.length}
            defaultRowHeight={ROW_HEIGHT}
            columnWidths={widths}
            cellRendererDependencies={[items, store.revealed, manage.allowed, widths]}
            onVisibleCellsChange={(rows) => {
              if (rows.rowIndexEnd >= items.length - PREFETCH_ROWS) void list.loadMore();
            }}
          >
            <Column name="Contact" cellRenderer={renderers.contact} />
            <Column name="Channel" cellRenderer={renderers.channel} />
            <Column name="Topics" cellRenderer={renderers.topics} />
            <Column name="Status" cellRenderer={renderers.status} />
            <Column name="Consent" cellRenderer={renderers.consent} />
            <Column name="Subscribed" cellRenderer={renderers.since} />
            <Column name="Actions" cellRenderer={renderers.actions} />
          </VirtualTable>
        </DataGrid>
      )}
      {list.hasMore && <Button className="civic-subscribers-more" text="Load more subscribers" loading={list.loadingMore} onClick={() => void list.loadMore()} />}
      <ConfirmDelete
        item={removing}
        nameOf={contactOf}
        confirmText="Remove"
        consequence="They stop receiving this app's announcements; the record of their consent is kept, marked unsubscribed."
        onCancel={() => setRemoving(null)}
        onConfirm={(row) => {
          setRemoving(null);
          store.remove(row).then(() => toasts.notify(SubscribersMessages.removed), fail);
        }}
      />
    </Page>
  );
});
