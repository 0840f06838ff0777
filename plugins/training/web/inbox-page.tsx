import { Button, Checkbox, Dialog, DialogBody, HTMLTable, Tag, Tooltip } from '@civic/sdk/web/blueprint';
import { Column, rowCells, VirtualTable } from '@civic/sdk/web/blueprint-table';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useMemo, useState } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { DataGrid, useFittedColumns } from '@civic/sdk/web/lists';
import { EmptyState, errorMessage, LoadError, Page, useAccess, useService, ToastService, ApiClient } from '@civic/sdk/web';
import { Timing } from '@civic/sdk/common/messages';
import type { ReviewStatus, TranscriptRow } from '../common/api';
import { TrainingMessages } from '../common/messages';
import { canClassifyQuestions, canReviewQuestions, canRevealPersonalData } from '../common/permissions';
import { categoriesAllowed, labelsAllowed } from '../../classification/contract/common/index';
import { ClassesDialog } from './inbox-classes-dialog';
import { ColumnPicker, useHiddenColumns, type OptionalColumn } from './inbox-columns';
import { replayAgainstDraft, type ReplayChangeView } from './knowledge-calls';
import { InboxToolbar } from './inbox-toolbar';
import { MatchedInboxStore, UnmatchedInboxStore, type InboxStore } from './inbox-store';
import { DismissDialog, TrainDialog } from './triage-dialogs';
import './training.css';
import { formatCount } from '@civic/sdk/common/format';

const ROW_HEIGHT = 44;
const PREFETCH_ROWS = 10;

type ColumnId = 'select' | 'question' | OptionalColumn | 'actions';
/**
 * The columns in their order, with base widths: those shown share the main area's width in these
 * proportions (`useFittedColumns`). The shown ones by default (Top matches hidden) take the main area at
 * a 1,280 px window at their base widths, wide enough for each header's whole name; the checkbox and the
 * row's buttons keep theirs. Confidence and content version are the second line of "Answered by".
 */
const COLUMNS: readonly { id: ColumnId; name: string; width: number; fixed?: boolean }[] = [
  { id: 'select', name: 'Select', width: 36, fixed: true },
  { id: 'question', name: 'Question', width: 210 },
  { id: 'answer', name: 'Answered by', width: 140 },
  { id: 'matches', name: 'Top matches', width: 150 },
  { id: 'status', name: 'Status, feedback', width: 124 },
  { id: 'classes', name: 'Categories, labels', width: 132 },
  { id: 'asked', name: 'Asked', width: 96 },
  { id: 'actions', name: 'Actions', width: 128, fixed: true },
];

function formatDate(iso: string): [string, string] {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? [iso, ''] : [date.toLocaleDateString(undefined, { dateStyle: 'medium' }), date.toLocaleTimeString(undefined, { timeStyle: 'short' })];
}
const percent = (n: number) => `${Math.round(n * 100)}%`;

/** /uncategorisedintents/{appId}: questions the bot could not answer (§2). */
export function UncategorisedPage() {
  return <InboxPage token={UnmatchedInboxStore} title="Uncategorised" description="Questions users asked that no intent answered. Train the bot with them, or dismiss them with a reason." />;
}

/** /training/{appId}: answered questions put up for review (low confidence, thumbs down). */
export function MatchedQuestionsPage() {
  return <InboxPage token={MatchedInboxStore} title="Questions" description="Answered questions waiting for review: low confidence or a thumbs down. Confirm, retrain or dismiss them." />;
}

type Dialogs =
  | { kind: 'none' }
  | { kind: 'dismiss'; target: 'selection' | 'filter' | string[]; count: number }
  | { kind: 'train'; rows: TranscriptRow[] }
  | { kind: 'classes'; target: 'selection' | 'filter' | string[]; rows: TranscriptRow[] | null; count: number };

const InboxPage = observer(function InboxPage(props: { token: symbol; title: string; description: string }) {
  const { appId = '' } = useParams();
  const store = useService<InboxStore>(props.token);
  const toasts = useService<ToastService>(ToastService);
  const api = useService<ApiClient>(ApiClient);
  const review = useAccess(canReviewQuestions);
  const reveal = useAccess(canRevealPersonalData);
  const classify = useAccess(canClassifyQuestions);
  const categoriesOk = useAccess(categoriesAllowed).allowed;
  const labelsOk = useAccess(labelsAllowed).allowed;
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });
  const [replay, setReplay] = useState<{ busy: boolean; changes: ReplayChangeView[] | null; questions: number; published: boolean }>({ busy: false, changes: null, questions: 0, published: true });
  const list = store.list;
  const items = list.items;

  useEffect(() => {
    void store.open(appId);
  }, [store, appId]);
  useEffect(() => {
    if (review.allowed && appId) void store.loadIntents().catch(() => undefined);
  }, [store, appId, review.allowed]);
  useEffect(() => {
    if (classify.allowed && appId) void store.loadClasses({ categories: categoriesOk, labels: labelsOk }).catch(() => undefined);
  }, [store, appId, classify.allowed, categoriesOk, labelsOk]);

  const fail = (error: unknown) => toasts.show(errorMessage(error), 'danger', Timing.snackbarMs);

  async function setStatus(target: 'selection' | 'filter' | string[], status: ReviewStatus) {
    try {
      toasts.notify(TrainingMessages.updated(await store.setStatus(target, status)));
    } catch (error) {
      fail(error);
    }
  }

  async function runReplay() {
    setReplay({ ...replay, busy: true });
    try {
      const result = await replayAgainstDraft(api, appId);
      setReplay({ busy: false, changes: result.changes, questions: result.questions, published: result.published });
    } catch (error) {
      setReplay({ ...replay, busy: false });
      fail(error);
    }
  }

  const selectedCount = store.selected.size;
  const [hidden, showColumn] = useHiddenColumns();
  const shown = COLUMNS.filter((c) => !hidden.has(c.id as OptionalColumn));
  // Columns share the main area's width: the row's Train button never falls past the edge.
  const [box, widths] = useFittedColumns(
    shown.map((c) => c.width),
    { fixed: shown.flatMap((c, i) => (c.fixed ? [i] : [])) },
  );
  const renderers = useMemo(() => {
    const cell = rowCells(items);
    return {
      select: cell.node(
        (r) => <Checkbox className="civic-training-check" checked={store.selected.has(r.transcriptId)} onChange={() => store.toggle(r.transcriptId)} aria-label={`Select “${r.data}”`} />,
        { interactive: true },
      ),
      question: cell.node((r) => {
        const shown = store.revealed.get(r.transcriptId) ?? r.data;
        return (
          <span className="civic-training-question">
            <span title={shown}>{shown}</span>
            {r.masked && !store.revealed.has(r.transcriptId) && reveal.allowed && (
              <Button size="small" variant="minimal" text="Reveal" aria-label={`Reveal personal data of “${r.data}”`} onClick={() => void store.reveal(r.transcriptId).catch(fail)} />
            )}
            {r.masked && !reveal.allowed && <Tag minimal>masked</Tag>}
          </span>
        );
      }, { interactive: true }),
      answer: cell.node((r) => {
        const answer = r.fallback ? 'Fallback (no intent)' : (r.intentName ?? '—');
        return (
          <span className="civic-training-two-lines">
            <span className="civic-training-line" title={answer}>
              {answer}
            </span>
            {/* "81% · v3" to the eye, "81% confidence, version 3" to a screen reader. */}
            <span className="civic-training-line civic-training-secondary" aria-hidden="true">
              {percent(r.confidenceScore)} · {r.environment === 'draft' ? 'draft' : `v${r.contentVersion}`}
            </span>
            <span className="civic-visually-hidden">
              {percent(r.confidenceScore)} confidence, {r.environment === 'draft' ? 'draft' : `version ${r.contentVersion}`}
            </span>
          </span>
        );
      }),
      matches: cell.node((r) => {
        const matches = r.topMatches.slice(0, 3).map((m) => `${m.intentName} ${percent(m.score)}`).join(', ') || '—';
        return (
          <span className="civic-training-clamp" title={matches}>
            {matches}
          </span>
        );
      }),
      status: cell.node((r) => (
        <span className="civic-training-two-lines">
          <span className="civic-training-line">{r.reviewStatus || 'Not for review'}</span>
          {(r.thumbsDown || r.thumbsUp) && <span className="civic-training-line civic-training-secondary">{r.thumbsDown ? 'thumbs down' : 'thumbs up'}</span>}
        </span>
      )),
      classes: cell.node(
        (r) => (
          <span className="civic-training-classes-cell">
            {[...r.categories, ...r.labels].map((c) => (
              <Tag key={c.id} minimal round={r.labels.includes(c)}>
                {c.name}
              </Tag>
            ))}
            {classify.allowed && (
              <Button size="small" variant="minimal" text="Classify" aria-label={`Classify “${r.data}”`} title="Categories and labels" onClick={() => setDialog({ kind: 'classes', target: [r.transcriptId], rows: [r], count: 1 })} />
            )}
          </span>
        ),
        { interactive: true },
      ),
      asked: cell.node((r) => {
        const [day, time] = formatDate(r.createdAt);
        return (
          <span className="civic-training-two-lines">
            <span className="civic-training-line">{day}</span>
            <span className="civic-training-line civic-training-secondary">{time}</span>
          </span>
        );
      }),
      actions: cell.node(
        (r) =>
          review.allowed ? (
            <span className="civic-training-row-actions">
              <Button size="small" intent="primary" text="Train" aria-label={`Train with “${r.data}”`} onClick={() => setDialog({ kind: 'train', rows: [r] })} />
              <Tooltip content="Mark reviewed" placement="top">
                <Button size="small" variant="minimal" intent="success" icon="tick-circle" aria-label={`Mark “${r.data}” reviewed`} onClick={() => void setStatus([r.transcriptId], 'REVIEWED')} />
              </Tooltip>
              <Tooltip content="Dismiss" placement="top">
                <Button size="small" intent="danger" variant="minimal" icon="cross" aria-label={`Dismiss “${r.data}”`} onClick={() => setDialog({ kind: 'dismiss', target: [r.transcriptId], count: 1 })} />
              </Tooltip>
            </span>
          ) : (
            <span title={review.disabledReason ?? 'Editors and admins triage questions'}>—</span>
          ),
        { interactive: true },
      ),
    };
    // The selection and reveals are read inside the renderers: a change re-renders the cells.
  }, [items, store.selected, store.revealed, review.allowed, reveal.allowed, classify.allowed]); // eslint-disable-line react-hooks/exhaustive-deps

  const selectedRows = items.filter((r) => store.selected.has(r.transcriptId));
  const totalText = list.status === 'ready' ? `${formatCount(list.total)}${list.total >= 10_000 ? '+' : ''} ${list.total === 1 ? 'question' : 'questions'}` : list.status === 'loading' ? 'Loading…' : '';

  return (
    <Page
      title={props.title}
      description={props.description}
      actions={review.allowed ? <Button text="Replay against draft" loading={replay.busy} onClick={() => void runReplay()} /> : undefined}
    >
      <InboxToolbar key={appId} matched={store.matched} filters={store.filters} onApply={(f) => void store.applyFilters(f)} />
      {review.allowed && (
        <div className="civic-training-bulk" role="toolbar" aria-label="Bulk actions">
          <Checkbox
            checked={items.length > 0 && selectedCount === items.length}
            indeterminate={selectedCount > 0 && selectedCount < items.length}
            onChange={(e) => store.selectAll(e.currentTarget.checked)}
            label="Select all shown"
          />
          <span aria-live="polite">{selectedCount > 0 ? `${selectedCount} selected` : ''}</span>
          <Button text="Train with selected" disabled={selectedCount === 0} onClick={() => setDialog({ kind: 'train', rows: selectedRows })} />
          <Button text="Mark reviewed" disabled={selectedCount === 0} onClick={() => void setStatus('selection', 'REVIEWED')} />
          <Button text="Mark pending" disabled={selectedCount === 0} onClick={() => void setStatus('selection', 'PENDING')} />
          <Button text="Dismiss selected" intent="danger" disabled={selectedCount === 0} onClick={() => setDialog({ kind: 'dismiss', target: 'selection', count: selectedCount })} />
          <Button text={`Mark all ${formatCount(list.total)} reviewed`} disabled={list.total === 0} onClick={() => void setStatus('filter', 'REVIEWED')} />
          {classify.allowed && (
            <>
              <Button text="Categories and labels…" disabled={selectedCount === 0} onClick={() => setDialog({ kind: 'classes', target: 'selection', rows: selectedRows, count: selectedCount })} />
              <Button text={`Categories and labels of all ${formatCount(list.total)}…`} disabled={list.total === 0} onClick={() => setDialog({ kind: 'classes', target: 'filter', rows: null, count: list.total })} />
            </>
          )}
        </div>
      )}
      {list.status === 'error' && <LoadError title="The questions could not be loaded" error={list.error} onRetry={() => void list.load()} />}
      <div className="civic-training-table-head">
        <p className="civic-training-count" role="status" aria-live="polite">
          {totalText}
        </p>
        <ColumnPicker hidden={hidden} onChange={showColumn} />
      </div>
      {list.status === 'ready' && items.length === 0 ? (
        <EmptyState title="No questions in this range" description="Try a longer date range or fewer filters." />
      ) : (
        <DataGrid className="civic-training-table" label="Questions" rowCount={list.total} colCount={shown.length} columnNames={{ 0: 'Select' }} boxRef={box}>
          <VirtualTable
            numRows={items.length}
            defaultRowHeight={ROW_HEIGHT}
            columnWidths={widths}
            cellRendererDependencies={[items, store.selected, store.revealed, widths]}
            onVisibleCellsChange={(rows) => {
              if (rows.rowIndexEnd >= items.length - PREFETCH_ROWS) void list.loadMore();
            }}
          >
            {shown.map((c) => (
              <Column key={c.id} name={c.id === 'select' ? '' : c.name} cellRenderer={renderers[c.id]} />
            ))}
          </VirtualTable>
        </DataGrid>
      )}
      {list.hasMore && <Button className="civic-training-more" text="Load more questions" loading={list.loadingMore} onClick={() => void list.loadMore()} />}
      <DismissDialog
        isOpen={dialog.kind === 'dismiss'}
        count={dialog.kind === 'dismiss' ? dialog.count : 0}
        onClose={() => setDialog({ kind: 'none' })}
        onDismiss={async (reason) => {
          if (dialog.kind !== 'dismiss') return;
          await store.setStatus(dialog.target, 'DISMISSED', reason);
          toasts.notify(TrainingMessages.dismissed);
        }}
      />
      <TrainDialog
        isOpen={dialog.kind === 'train'}
        rows={dialog.kind === 'train' ? dialog.rows : []}
        intents={store.intents}
        entities={store.entities}
        onClose={() => setDialog({ kind: 'none' })}
        onAdd={async (intent, tag) => {
          if (dialog.kind !== 'train') return;
          await store.addToIntent(dialog.rows, intent, tag);
          toasts.notify(TrainingMessages.addedToIntent(intent.displayName));
        }}
        onCreate={async (input) => {
          if (dialog.kind !== 'train') return;
          await store.createIntent(dialog.rows, input);
          toasts.notify(TrainingMessages.intentCreated(input.displayName));
        }}
      />
      <ClassesDialog
        isOpen={dialog.kind === 'classes'}
        target={dialog.kind === 'classes' && dialog.rows ? { rows: dialog.rows } : { count: dialog.kind === 'classes' ? dialog.count : 0 }}
        choices={store.classChoices}
        onClose={() => setDialog({ kind: 'none' })}
        onApply={async (change) => {
          if (dialog.kind !== 'classes') return;
          toasts.notify(TrainingMessages.classified(await store.classify(dialog.target, change)));
        }}
      />
      <Dialog isOpen={replay.changes !== null} onClose={() => setReplay({ ...replay, changes: null })} title="Replay against the draft">
        <DialogBody>
          {!replay.published ? (
            <p>Nothing is published yet: there is no production answer to compare with.</p>
          ) : replay.changes && replay.changes.length === 0 ? (
            <p>The draft answers all {replay.questions} recent questions as production does.</p>
          ) : (
            <HTMLTable compact striped aria-label="Answers that would change">
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <th scope="col">Production</th>
                  <th scope="col">Draft</th>
                </tr>
              </thead>
              <tbody>
                {(replay.changes ?? []).slice(0, 50).map((c) => (
                  <tr key={c.question}>
                    <td>{c.question}</td>
                    <td>{c.production.fallback ? 'Fallback' : `${c.production.intentName} (${percent(c.production.confidence)})`}</td>
                    <td>{c.draft.fallback ? 'Fallback' : `${c.draft.intentName} (${percent(c.draft.confidence)})`}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </DialogBody>
      </Dialog>
    </Page>
  );
});
