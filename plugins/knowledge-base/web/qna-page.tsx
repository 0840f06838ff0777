import { Button, Callout, Card, FormGroup, HTMLTable, InputGroup, TextArea } from '@civic/sdk/web/blueprint';
import { AddIcon, SearchIcon } from '@civic/sdk/web/icons';
import { useCallback, useEffect, useState } from '@civic/sdk/web/react';
import { Link, Navigate, useParams } from '@civic/sdk/web/router';
import { ApiClient, ToastService } from '@civic/sdk/web/services';
import { Messages } from '@civic/sdk/common/messages';
import { DEFAULT_PLATFORM } from '../contract/common/responses/index';
import { EmptyState, errorMessage, Page, PageSkeleton, useAccess, useService, LoadError } from '@civic/sdk/web';
import { KbApi, type IntentListResponse, type IntentResponse, type IntentRow } from '../common/api';
import { KbMessages } from '../common/messages';
import { linesToPhrases } from '../common/phrase-tagging';
import { canEditKnowledgeBase } from '../common/permissions';
import { IntentEditor } from './intent-editor';
import { editorPath, isMode } from './paths';
import './knowledge-base.css';
import { formatCount } from '@civic/sdk/common/format';

const PAGE = 50;

/** /QandA/{appId}/{mode} (the list, or create) and /QandA/{appId}/{mode}/{intentId} (one pair). */
export function QnaPage() {
  const { appId = '', mode, intentId } = useParams();
  if (!isMode(mode)) return <Navigate to={`/QandA/${encodeURIComponent(appId)}/view`} replace />;
  if (intentId || mode === 'create') return <IntentEditor key={`${mode}-${intentId ?? ''}`} appId={appId} kind="qna" mode={mode} intentId={intentId} />;
  return <QnaList appId={appId} />;
}

function QnaList({ appId }: { appId: string }) {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const canEdit = useAccess(canEditKnowledgeBase).allowed;
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [data, setData] = useState<IntentListResponse | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    try {
      setError('');
      setData(await api.get<IntentListResponse>(KbApi.intents(appId), { query: { kind: 'qna', search: search.trim() || undefined, offset, limit: PAGE } }));
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [api, appId, search, offset]);

  useEffect(() => {
    const timer = setTimeout(() => void load(), 250);
    return () => clearTimeout(timer);
  }, [load]);

  return (
    <Page
      title="Q&A"
      description="Question and answer pairs: each question has variants people may ask, and one answer."
      actions={canEdit && <Link className="bp6-button bp6-intent-primary" to={editorPath(appId, 'qna', 'create')}>New Q&A pair</Link>}
      toolbar={
        <>
          <InputGroup type="search" leftIcon={<SearchIcon />} aria-label="Search Q&A" placeholder="Question or variant" value={search} onChange={(e) => { setSearch(e.target.value); setOffset(0); }} />
          <span className="civic-kb-count" role="status" aria-live="polite">
            {data ? `${formatCount(data.total)} Q&A ${data.total === 1 ? 'pair' : 'pairs'}` : 'Loading…'}
          </span>
        </>
      }
    >
      {canEdit && <QuickAdd appId={appId} onAdded={() => { toasts.notify(Messages.saved); void load(); }} />}
      {error && (
        <LoadError title="The Q&A pairs could not be loaded" error={error} onRetry={() => void load()} />
      )}
      {!data && !error && <PageSkeleton lines={5} />}
      {data && data.total === 0 && <EmptyState title={search ? KbMessages.noMatches : KbMessages.noQna} description="A Q&A pair answers one question asked in many ways." />}
      {data && data.total > 0 && (
        <>
          <HTMLTable compact striped className="civic-fill" aria-label="Q&A pairs">
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Variants</th>
                <th scope="col">Answer owner</th>
                <th scope="col">Source</th>
                <th scope="col">Review by</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row: IntentRow) => (
                <tr key={row.id}>
                  <td>
                    <Link to={editorPath(appId, 'qna', canEdit ? 'edit' : 'view', row.id)}>{row.displayName}</Link>
                  </td>
                  <td>{row.phraseCount}</td>
                  <td>{row.answerOwner ?? '—'}</td>
                  <td>{row.sourceUrl ? <a href={row.sourceUrl} target="_blank" rel="noreferrer noopener">{new URL(row.sourceUrl).hostname}</a> : '—'}</td>
                  <td>{row.reviewBy ? <time dateTime={row.reviewBy}>{new Date(`${row.reviewBy}T00:00:00`).toLocaleDateString()}</time> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <nav className="civic-pager" aria-label="Pages of Q&A pairs">
            <Button text="Previous" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))} />
            <span>
              {offset + 1}–{Math.min(data.total, offset + PAGE)} of {formatCount(data.total)}
            </span>
            <Button text="Next" disabled={offset + PAGE >= data.total} onClick={() => setOffset(offset + PAGE)} />
          </nav>
        </>
      )}
    </Page>
  );
}

/** Quick add: a question, its variants pasted one per line, and a text answer, saved in one go. */
function QuickAdd({ appId, onAdded }: { appId: string; onAdded(): void }) {
  const api = useService<ApiClient>(ApiClient);
  const [question, setQuestion] = useState('');
  const [variants, setVariants] = useState('');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const phrases = linesToPhrases(`${question}\n${variants}`);

  async function add() {
    setBusy(true);
    setError('');
    try {
      await api.post<IntentResponse>(KbApi.intents(appId), {
        kind: 'qna',
        displayName: question,
        trainingPhrases: phrases,
        responses: [{ platform: DEFAULT_PLATFORM, enable_default_response: true, messages: answer.trim() ? [{ type: 'text', text: [answer.trim()] }] : [] }],
      });
      setQuestion('');
      setVariants('');
      setAnswer('');
      onAdded();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="civic-card" aria-labelledby="qna-quick-add">
      <h2 id="qna-quick-add" className="civic-card-title">
        Quick add
      </h2>
      <div className="civic-kb-stack">
        <FormGroup label="Question" labelFor="qna-question">
          <InputGroup id="qna-question" value={question} onChange={(e) => setQuestion(e.target.value)} />
        </FormGroup>
        <FormGroup label="Other ways to ask it (paste one per line)" labelFor="qna-variants" helperText={`${phrases.length} variant${phrases.length === 1 ? '' : 's'} including the question`}>
          <TextArea id="qna-variants" fill rows={4} value={variants} onChange={(e) => setVariants(e.target.value)} />
        </FormGroup>
        <FormGroup label="Answer" labelFor="qna-answer">
          <TextArea id="qna-answer" fill rows={3} value={answer} onChange={(e) => setAnswer(e.target.value)} />
        </FormGroup>
        {error && (
          <Callout intent="danger" role="alert">
            {error}
          </Callout>
        )}
        <div>
          <Button intent="primary" icon={<AddIcon />} text="Add Q&A pair" loading={busy} disabled={question.trim() === ''} onClick={() => void add()} />
        </div>
      </div>
    </Card>
  );
}
