import { Button, Callout, Checkbox, FileInput, FormGroup, HTMLTable, InputGroup, ProgressBar, TextArea } from '@civic/sdk/web/blueprint';
import { SearchIcon, TrashIcon } from '@civic/sdk/web/icons';
import { useId, useState } from '@civic/sdk/web/react';
import { Link, useParams } from '@civic/sdk/web/router';
import { isApiError, Page, ToastService, useAccess, usePolling, useService } from '@civic/sdk/web';
import type { JobView } from '../common/api';
import { canEditPublishing } from '../common/permissions';
import { extractCandidates, formatOf, type Candidate } from '../common/qna-extract';
import { countsText, isActive, PROGRESS_POLL_MS, STATUS_LABELS } from './format';
import { fileToBase64, PublishingClient } from './publishing-client';

interface Reviewed extends Candidate {
  key: number;
  approved: boolean;
}

const FROM_LABELS: Record<Candidate['from'], string> = { heading: 'Heading', faq: 'Q/A list', 'question-line': 'Question line', definition: 'Definition' };

/**
 * /qna-generator/{appId}: paste text or upload HTML, Markdown, text or PDF → candidate Q&A from its
 * structure → review → into the draft. A PDF is read on the server (PDF.js never reaches the browser).
 */
export function QnaGeneratorPage() {
  const { appId = '' } = useParams();
  const client = useService<PublishingClient>(PublishingClient);
  const toasts = useService<ToastService>(ToastService);
  const edit = useAccess(canEditPublishing);
  const [text, setText] = useState('');
  const [source, setSource] = useState('Pasted text');
  const [candidates, setCandidates] = useState<Reviewed[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [job, setJob] = useState<JobView | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const textId = useId();
  const sourceId = useId();

  usePolling(
    job !== null && isActive(job.status),
    () => {
      if (!job) return;
      void client.job(appId, job.id).then((next) => {
        setJob(next);
        if (next.status === 'succeeded') toasts.result(`Added to the draft: ${countsText(next.counts)}`);
      });
    },
    PROGRESS_POLL_MS,
  );

  function show(found: Candidate[]) {
    setCandidates(found.map((candidate, key) => ({ ...candidate, key, approved: true })));
    setJob(null);
    setProblem(found.length === 0 ? 'No question-like headings, Q/A lists or definitions were found in this document.' : null);
  }

  const extract = (content: string, fileName: string) => show(extractCandidates(content, formatOf(fileName, content)));

  async function readPdf(file: File) {
    setReading(file.name);
    setProblem(null);
    try {
      const document = await client.readPdf(appId, file.name, await fileToBase64(file));
      setText(document.text);
      setSource(file.name);
      show(document.candidates);
    } catch (failure) {
      setCandidates(null);
      setProblem(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setReading(null);
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
    if (/\.pdf$/i.test(file.name) || new TextDecoder('latin1').decode(head).includes('%PDF-')) {
      await readPdf(file);
      return;
    }
    if (!/\.(html?|md|markdown|txt)$/i.test(file.name)) {
      setProblem('Choose an HTML, Markdown, text or PDF file.');
      return;
    }
    const content = await file.text();
    setText(content);
    setSource(file.name);
    extract(content, file.name);
  }

  const update = (key: number, change: Partial<Reviewed>) => setCandidates((list) => list?.map((c) => (c.key === key ? { ...c, ...change } : c)) ?? null);
  const approved = candidates?.filter((c) => c.approved && c.question.trim() && c.answer.trim()) ?? [];

  async function apply() {
    try {
      setJob(await client.applyGenerated(appId, source, approved.map(({ question, answer }) => ({ question: question.trim(), answer: answer.trim() }))));
    } catch (failure) {
      setProblem(isApiError(failure) ? failure.message : String(failure));
    }
  }

  if (!edit.allowed) {
    return (
      <Page title="Q&A generator">
        <Callout intent="primary">Only editors and admins of this app can generate Q&A.</Callout>
      </Page>
    );
  }

  return (
    <Page title="Q&A generator" description="Finds question-and-answer pairs in a document by its structure: question headings, Q/A lists, definition lists.">
      <FileInput
        inputProps={{ accept: '.html,.htm,.md,.markdown,.txt,.pdf,application/pdf', 'aria-label': 'Document (HTML, Markdown, text or PDF)' }}
        text={reading ? `Reading ${reading}…` : 'Upload a document…'}
        hasSelection
        disabled={reading !== null}
        buttonText="Browse"
        onInputChange={(event) => void upload((event.target as HTMLInputElement).files?.[0])}
      />
      {reading && <ProgressBar intent="primary" aria-label="Reading the PDF" />}
      <FormGroup label="Or paste the text" labelFor={textId}>
        <TextArea id={textId} fill rows={8} value={text} onChange={(event) => setText(event.currentTarget.value)} />
      </FormGroup>
      <FormGroup label="Source (kept with each Q&A)" labelFor={sourceId}>
        <InputGroup id={sourceId} value={source} onChange={(event) => setSource(event.currentTarget.value)} />
      </FormGroup>
      <Button text="Find Q&A pairs" icon={<SearchIcon />} disabled={!text.trim()} onClick={() => extract(text, source)} />
      {problem && <Callout intent="warning">{problem}</Callout>}
      {candidates && candidates.length > 0 && (
        <section aria-label="Candidates">
          <p>
            {candidates.length} candidates, {approved.length} approved. Edit, approve or discard each, then add the approved ones to the draft.
          </p>
          <HTMLTable striped aria-label="Candidate Q&A pairs">
            <thead>
              <tr>
                <th scope="col">Approve</th>
                <th scope="col">Question</th>
                <th scope="col">Answer</th>
                <th scope="col">Found as</th>
                <th scope="col">Discard</th>
              </tr>
            </thead>
            <tbody>
              {candidates.map((candidate, index) => (
                <tr key={candidate.key}>
                  <td>
                    <Checkbox checked={candidate.approved} aria-label={`Approve pair ${index + 1}`} onChange={() => update(candidate.key, { approved: !candidate.approved })} />
                  </td>
                  <td>
                    <InputGroup aria-label={`Question ${index + 1}`} value={candidate.question} onChange={(event) => update(candidate.key, { question: event.currentTarget.value })} />
                  </td>
                  <td>
                    <TextArea aria-label={`Answer ${index + 1}`} fill value={candidate.answer} onChange={(event) => update(candidate.key, { answer: event.currentTarget.value })} />
                  </td>
                  <td>{FROM_LABELS[candidate.from]}</td>
                  <td>
                    <Button small minimal icon={<TrashIcon />} aria-label={`Discard pair ${index + 1}`} onClick={() => setCandidates((list) => list?.filter((c) => c.key !== candidate.key) ?? null)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Button intent="primary" text={`Add ${approved.length} to the draft`} disabled={approved.length === 0 || (job !== null && isActive(job.status))} onClick={() => void apply()} />
          {job && (
            <div aria-live="polite">
              <span>
                {STATUS_LABELS[job.status]} — {job.progress}% {countsText(job.counts)}
              </span>
              <ProgressBar value={job.progress / 100} animate={isActive(job.status)} intent="primary" aria-label="Generator progress" />
              {!isActive(job.status) && (
                <Link style={{ textDecoration: 'underline' }} to={`/importjob/${encodeURIComponent(appId)}`}>
                  See the job
                </Link>
              )}
            </div>
          )}
        </section>
      )}
    </Page>
  );
}
