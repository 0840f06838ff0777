import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@civic/sdk/web/blueprint';
import { DownloadIcon, FilterIcon, HistoryIcon, ShieldIcon } from '@civic/sdk/web/icons';
import { Column, rowCells, VirtualTable } from '@civic/sdk/web/blueprint-table';
import { observer } from '@civic/sdk/web/mobx';
import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from '@civic/sdk/web/react';
import { EmptyState, Page, saveBlob, useService, LoadError } from '@civic/sdk/web';
import { DataGrid, useFittedColumns, useUrlState } from '@civic/sdk/web/lists';
import { isApiError } from '@civic/sdk/web/services';
import { Messages } from '../common/messages';
import { AuditLogStore, EMPTY_FILTERS, type AuditFilters } from './audit-log-store';
import { lazyDialog } from '@civic/sdk/web/forms';
import { formatTime } from './format-time';
import './audit-log.css';

export { formatTime };
/** An entry's detail drawer, fetched when an entry is first opened. */
/** The integrity check's progress and outcome, fetched when a check is first run. */
const VerifyNotice = lazy(() => import('./verify-notice').then((m) => ({ default: m.VerifyNotice })));
const AuditDetailDrawer = lazyDialog(() => import('./audit-detail-drawer').then((m) => m.AuditDetailDrawer));

/** The family of security events (failed sign-ins, lockouts, wrong codes, refused requests, revocations, resets). */
const SECURITY_FAMILY = 'security';

const ROW_HEIGHT = 36;
// Fits the main area at 1440 px wide: a header row wider than its container scrolls, and axe wants that keyboard-reachable.
const COLUMN_WIDTHS = [160, 190, 110, 160, 130, 220, 70];
/** Rows from the end of what is loaded at which the next page is fetched. */
const PREFETCH_ROWS = 20;

/** /auditLog (platform admins): every change, newest first, filtered on the server; detail, integrity, CSV. */
export const AuditLogPage = observer(function AuditLogPage() {
  const store = useService<AuditLogStore>(AuditLogStore);
  const [draft, setDraft] = useState<AuditFilters>(store.filters);
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const list = store.list;
  const items = list.items;

  useEffect(() => {
    void list.load();
    void store.loadActions();
  }, [store, list]);
  // The applied filters live in the URL (?actor=…&from=2026-01-01): a reload, a link or Back keeps them.
  const applied = store.filters;
  useUrlState(
    { actor: applied.actor, app: applied.appId, action: applied.action, target: applied.target, from: applied.startDate, to: applied.endDate },
    (state) => {
      const filters: AuditFilters = { actor: state.actor, appId: state.app, action: state.action, target: state.target, startDate: state.from, endDate: state.to };
      setDraft(filters);
      void store.applyFilters(filters);
    },
  );

  const set = (field: keyof AuditFilters) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value });
  const dateProblem = draft.startDate && draft.endDate && draft.endDate < draft.startDate ? 'End date must not be before start date' : undefined;

  function apply(event: FormEvent) {
    event.preventDefault();
    if (dateProblem) return;
    void store.applyFilters(draft);
  }

  function clear() {
    setDraft(EMPTY_FILTERS);
    void store.applyFilters(EMPTY_FILTERS);
  }

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      const csv = await store.exportCsv();
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      setExportError(isApiError(error) ? error.message : 'The export failed. Try again.');
    } finally {
      setExporting(false);
    }
  }

  const [box, widths] = useFittedColumns(COLUMN_WIDTHS, { fixed: [COLUMN_WIDTHS.length - 1] });
  const renderers = useMemo(() => {
    const cell = rowCells(items);
    return {
      at: cell.text((r) => formatTime(r.at)),
      actor: cell.text((r) => r.actorEmail),
      app: cell.text((r) => r.appId ?? '—'),
      action: cell.text((r) => r.action),
      target: cell.text((r) => r.target ?? '—'),
      summary: cell.text((r) => r.summary),
      open: cell.node(
        (entry) => <Button size="small" variant="minimal" intent="primary" text="Detail" aria-label={`Detail of entry ${entry.id}`} onClick={() => setOpenId(entry.id)} />,
        { interactive: true },
      ),
    };
  }, [items]);

  return (
    <Page
      title="Audit Logs"
      description="Every change made in the console, newest first. Entries are chained by hash, so any later edit shows."
      actions={
        <>
          <Button icon={<ShieldIcon />} text="Verify integrity" loading={store.verify.kind === 'running'} onClick={() => void store.runVerify()} />
          <Button icon={<DownloadIcon />} text="Export CSV" loading={exporting} onClick={() => void exportCsv()} />
        </>
      }
    >
      <form className="civic-audit-filters" onSubmit={apply} aria-label="Filter the audit trail" noValidate>
        <FormGroup label="Actor" labelFor="audit-actor">
          <InputGroup id="audit-actor" value={draft.actor} onChange={set('actor')} placeholder="Email contains" />
        </FormGroup>
        <FormGroup label="App" labelFor="audit-app">
          <InputGroup id="audit-app" value={draft.appId} onChange={set('appId')} placeholder="App id" />
        </FormGroup>
        <FormGroup label="Action" labelFor="audit-action">
          <HTMLSelect id="audit-action" value={draft.action} onChange={set('action')}>
            <option value="">Any action</option>
            {/* Security events (failed sign-ins, lockouts, refusals…) are offered even before the first one. */}
            {[...new Set([SECURITY_FAMILY, ...store.actions.map((a) => a.split('.')[0])])].map((family) => (
              <optgroup key={family} label={family}>
                <option value={family}>{family === SECURITY_FAMILY ? 'Security events (all)' : `${family} (all)`}</option>
                {store.actions
                  .filter((a) => a.startsWith(`${family}.`))
                  .map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
              </optgroup>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Target" labelFor="audit-target">
          <InputGroup id="audit-target" value={draft.target} onChange={set('target')} placeholder="Contains" />
        </FormGroup>
        <FormGroup label="From" labelFor="audit-start">
          <InputGroup id="audit-start" type="date" value={draft.startDate} onChange={set('startDate')} />
        </FormGroup>
        <FormGroup
          label="To"
          labelFor="audit-end"
          intent={dateProblem ? 'danger' : 'none'}
          helperText={dateProblem ? <span id="audit-end-error">{dateProblem}</span> : undefined}
        >
          <InputGroup
            id="audit-end"
            type="date"
            value={draft.endDate}
            onChange={set('endDate')}
            intent={dateProblem ? 'danger' : undefined}
            aria-invalid={dateProblem ? true : undefined}
            aria-describedby={dateProblem ? 'audit-end-error' : undefined}
          />
        </FormGroup>
        <Button type="submit" intent="primary" icon={<FilterIcon />} text="Apply filters" />
        <Button text="Clear" onClick={clear} />
      </form>

      {store.verify.kind !== 'idle' && (
        <Suspense fallback={null}>
          <VerifyNotice />
        </Suspense>
      )}
      {exportError && (
        <Callout intent="danger" role="alert" title="The export failed" className="civic-form-notice">
          {exportError}
        </Callout>
      )}

      {list.status === 'error' && (
        <LoadError title="The audit trail could not be loaded" error={list.error} onRetry={() => void list.load()} />
      )}
      <p className="civic-audit-status" role="status" aria-live="polite">
        {list.status === 'loading' ? 'Loading…' : list.status === 'ready' ? `${items.length.toLocaleString('en')}${list.hasMore ? '+' : ''} ${items.length === 1 && !list.hasMore ? 'entry' : 'entries'}` : ''}
      </p>
      {list.status === 'ready' && items.length === 0 ? (
        <EmptyState icon={<HistoryIcon />} title={Messages.noRows} description="Change or clear the filters." action={<Button text="Clear filters" onClick={clear} />} />
      ) : (
        <DataGrid className="civic-audit-table" label="Audit trail" rowCount={list.hasMore ? -1 : items.length} colCount={COLUMN_WIDTHS.length} boxRef={box}>
          <VirtualTable
            numRows={items.length}
            defaultRowHeight={ROW_HEIGHT}
            columnWidths={widths}
            cellRendererDependencies={[items, widths]}
            onVisibleCellsChange={(rows) => {
              if (rows.rowIndexEnd >= items.length - PREFETCH_ROWS) void list.loadMore();
            }}
          >
            <Column name="Time" cellRenderer={renderers.at} />
            <Column name="Actor" cellRenderer={renderers.actor} />
            <Column name="App" cellRenderer={renderers.app} />
            <Column name="Action" cellRenderer={renderers.action} />
            <Column name="Target" cellRenderer={renderers.target} />
            <Column name="Summary" cellRenderer={renderers.summary} />
            <Column name="Detail" cellRenderer={renderers.open} />
          </VirtualTable>
        </DataGrid>
      )}
      {list.hasMore && (
        <Button className="civic-audit-more" text="Load older entries" loading={list.loadingMore} onClick={() => void list.loadMore()} />
      )}
      {openId !== null && <AuditDetailDrawer id={openId} onClose={() => setOpenId(null)} />}
    </Page>
  );
});
