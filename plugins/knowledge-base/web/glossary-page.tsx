import { Alert, Button, HTMLTable, InputGroup } from '@civic/sdk/web/blueprint';
import { AddIcon, DownloadIcon, SearchIcon, TrashIcon, UploadIcon } from '@civic/sdk/web/icons';
import { useCallback, useEffect, useRef, useState } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { ApiClient, ToastService } from '@civic/sdk/web/services';
import type { GlossaryTerm } from '../contract/common/knowledge/index';
import { Messages } from '@civic/sdk/common/messages';
import { EmptyState, errorMessage, Page, PageSkeleton, saveBlob, useAccess, useService, LoadError } from '@civic/sdk/web';
import { useSearchBox, useUrlState } from '@civic/sdk/web/lists';
import { lazyDialog } from '@civic/sdk/web/forms';
import { KbApi, type GlossaryImportResponse, type GlossaryListResponse } from '../common/api';
import { parseGlossaryCsv, toGlossaryCsv } from '../common/glossary-csv';
import { KbMessages } from '../common/messages';
import { canEditKnowledgeBase } from '../common/permissions';
import './knowledge-base.css';
import { formatCount } from '@civic/sdk/common/format';

// The term form (and class-validator) comes with the first Add or Edit, not with the list.
const TermDialog = lazyDialog(() => import('./term-dialog').then((m) => m.TermDialog));

/** /glossary/{appId}: terms with synonyms and a definition; the engine expands queries with them. */
export function GlossaryPage() {
  const { appId = '' } = useParams();
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const canEdit = useAccess(canEditKnowledgeBase).allowed;
  // The search as typed; once typing pauses it is asked for and kept in the URL (?search=).
  const [appliedSearch, setAppliedSearch] = useState('');
  const [search, setSearch] = useSearchBox(appliedSearch, setAppliedSearch);
  useUrlState({ search: appliedSearch }, (state) => setAppliedSearch(state.search));
  const [data, setData] = useState<GlossaryListResponse | null>(null);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState<GlossaryTerm | 'new' | null>(null);
  const [deleting, setDeleting] = useState<GlossaryTerm | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      setError('');
      setData(await api.get<GlossaryListResponse>(KbApi.glossary(appId), { query: { search: appliedSearch.trim() || undefined } }));
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [api, appId, appliedSearch]);

  useEffect(() => {
    const timer = setTimeout(() => void load(), 250);
    return () => clearTimeout(timer);
  }, [load]);

  async function remove() {
    const term = deleting;
    setDeleting(null);
    if (!term) return;
    try {
      await api.delete(KbApi.term(appId, term.id));
      toasts.notify(KbMessages.deleted);
      await load();
    } catch (e) {
      toasts.error(errorMessage(e));
    }
  }

  async function exportCsv() {
    const all = await api.get<GlossaryListResponse>(KbApi.glossary(appId), { query: { limit: 5000 } });
    saveBlob(new Blob([toGlossaryCsv(all.terms)], { type: 'text/csv' }), `glossary-${appId}.csv`);
  }

  async function importCsv(file: File) {
    const { terms, skipped } = parseGlossaryCsv(await file.text());
    try {
      const result = await api.post<GlossaryImportResponse>(KbApi.glossaryImport(appId), { terms });
      toasts.result(`Imported: ${result.added} added, ${result.updated} updated${skipped ? `, ${skipped} rows without a term skipped` : ''}.`);
      await load();
    } catch (e) {
      toasts.error(errorMessage(e));
    }
  }

  return (
    <Page
      title="Glossary"
      description="Words people use for the same thing: the bot reads each synonym as its term."
      actions={
        <>
          <Button icon={<DownloadIcon />} text="Export CSV" onClick={() => void exportCsv()} />
          {canEdit && (
            <>
              <Button icon={<UploadIcon />} text="Import CSV" onClick={() => fileInput.current?.click()} />
              <input
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                hidden
                aria-label="Glossary CSV file"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void importCsv(file);
                }}
              />
              <Button intent="primary" icon={<AddIcon />} text="Add term" onClick={() => setEditing('new')} />
            </>
          )}
        </>
      }
      toolbar={
        <>
          <InputGroup id="glossary-search" type="search" leftIcon={<SearchIcon />} aria-label="Search glossary" placeholder="Term, synonym or definition" value={search} onChange={(e) => setSearch(e.target.value)} />
          <span className="civic-kb-count" role="status" aria-live="polite">
            {data ? `${formatCount(data.total)} ${data.total === 1 ? 'term' : 'terms'}` : 'Loading…'}
          </span>
        </>
      }
    >
      {error && (
        <LoadError title="The glossary could not be loaded" error={error} onRetry={() => void load()} />
      )}
      {!data && !error && <PageSkeleton lines={5} />}
      {data && data.terms.length === 0 && (
        <EmptyState
          title={search ? KbMessages.noMatches : KbMessages.noTerms}
          description="A glossary term lists the other words people use for it."
          action={canEdit && !search ? <Button intent="primary" icon={<AddIcon />} text="Add the first term" onClick={() => setEditing('new')} /> : undefined}
        />
      )}
      {data && data.terms.length > 0 && (
        <HTMLTable compact striped className="civic-fill" aria-label="Glossary terms">
          <thead>
            <tr>
              <th scope="col">Term</th>
              <th scope="col">Synonyms</th>
              <th scope="col">Definition</th>
              {canEdit && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {data.terms.map((term) => (
              <tr key={term.id}>
                <td>{term.term}</td>
                <td>{term.synonyms.join(', ') || '—'}</td>
                <td>{term.definition || '—'}</td>
                {canEdit && (
                  <td>
                    <Button size="small" variant="minimal" text="Edit" aria-label={`Edit ${term.term}`} onClick={() => setEditing(term)} />
                    <Button size="small" variant="minimal" intent="danger" icon={<TrashIcon />} aria-label={`Delete ${term.term}`} onClick={() => setDeleting(term)} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {editing && (
        <TermDialog
          appId={appId}
          term={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              toasts.notify(Messages.saved);
              void load();
            }
          }}
        />
      )}
      <Alert isOpen={deleting !== null} intent="danger" cancelButtonText="Cancel" confirmButtonText="Delete" onCancel={() => setDeleting(null)} onConfirm={() => void remove()} canEscapeKeyCancel>
        <p>{Messages.confirmDelete}</p>
        {deleting && <p>The term “{deleting.term}” and its synonyms will be removed.</p>}
      </Alert>
    </Page>
  );
}
