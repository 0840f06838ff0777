import { AnchorButton, Button, Callout, Card, Checkbox, FormGroup, InputGroup } from '@civic/sdk/web/blueprint';
import { AddIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useRef, useState, type FormEvent } from '@civic/sdk/web/react';
import { Link, useNavigate, useParams } from '@civic/sdk/web/router';
import { errorMessage, isApiError, Page, PageSkeleton, ToastService, useAccess, useSaveShortcut, useService, useUnsavedChangesPrompt, LoadError } from '@civic/sdk/web';
import { validateDto } from '@civic/sdk/common/validation';
import type { EntityUsage } from '../common/api';
import { EntityCreateDto, EntityUpdateDto } from '../common/entity.dto';
import { entityNameProblem, KIND_LABELS, normaliseEntityName } from '../common/entity-rules';
import { EntityMessages } from '../common/messages';
import { canEditEntities } from '../common/permissions';
import { DeleteEntityDialog, UsageList } from './delete-entity-dialog';
import { EntitiesStore } from './entities-store';
import { EntityEditor } from './entity-editor';
import { EntriesTable, PasteEntriesDialog } from './entity-entries';
import { formatCount } from '@civic/sdk/common/format';

type Mode = 'create' | 'edit' | 'view';

/** A file's text (FileReader: every browser, and jsdom). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/** /entity/{appId}/{mode}/{entityId} and /entity/{appId}/create: view, edit or create an entity (§4). */
export const EntityPage = observer(function EntityPage() {
  const { appId = '', mode: modeParam = 'view', entityId } = useParams();
  const store = useService<EntitiesStore>(EntitiesStore);
  const toasts = useService<ToastService>(ToastService);
  const edit = useAccess(canEditEntities);
  const navigate = useNavigate();
  const [editor] = useState(() => new EntityEditor());
  const [usages, setUsages] = useState<EntityUsage[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>(entityId ? 'loading' : 'ready');
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [entriesError, setEntriesError] = useState<string | null>(null);
  const [showRegexpErrors, setShowRegexpErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [pasting, setPasting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const nameRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const valueRefs = useRef(new Map<number, HTMLInputElement>());
  const focusKey = useRef<number | null>(null);
  /** Where to go once the render that cleared `changed` is done (the unsaved-changes guard reads the rendered flag). */
  const [goTo, setGoTo] = useState<{ path: string; replace: boolean } | null>(null);

  const mode: Mode = !entityId ? 'create' : modeParam === 'edit' ? 'edit' : 'view';
  const readOnly = mode === 'view' || !edit.allowed;
  const app = encodeURIComponent(appId);

  useEffect(() => {
    setConflict(false);
    setFailure(null);
    setNameError(null);
    setEntriesError(null);
    if (!entityId) {
      editor.load(null);
      setUsages([]);
      setStatus('ready');
      return;
    }
    let live = true;
    setStatus('loading');
    store.get(appId, entityId).then(
      (found) => {
        if (!live) return;
        editor.load(found.entity);
        setUsages(found.usages);
        setStatus('ready');
      },
      (error: unknown) => {
        if (!live) return;
        setFailure(errorMessage(error));
        setStatus('error');
      },
    );
    return () => {
      live = false;
    };
  }, [store, editor, appId, entityId, reloadKey]);

  // An entries message belongs to the entries it was about.
  useEffect(() => setEntriesError(null), [editor.entries]);

  useEffect(() => {
    if (focusKey.current !== null) {
      valueRefs.current.get(focusKey.current)?.focus();
      focusKey.current = null;
    }
  });

  const prompt = useUnsavedChangesPrompt(editor.changed && !readOnly);
  useSaveShortcut(() => void save(), !readOnly);
  // After the guard's own effect has seen the cleared flag (effects run in declaration order).
  useEffect(() => {
    if (goTo) navigate(goTo.path, { replace: goTo.replace });
  }, [goTo, navigate]);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (readOnly || saving) return;
    const body = editor.toBody(mode === 'edit');
    const outcome = validateDto(mode === 'edit' ? EntityUpdateDto : EntityCreateDto, body);
    const firstNameError = outcome.fields.display_name?.[0] ?? null;
    const entryErrors = Object.entries(outcome.fields).filter(([field]) => field.startsWith('entities'));
    setNameError(firstNameError);
    setEntriesError(entryErrors[0]?.[1][0] ?? null);
    setShowRegexpErrors(true);
    if (firstNameError) {
      nameRef.current?.focus();
      return;
    }
    if (entryErrors.length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      if (mode === 'create') {
        const created = await store.create(appId, body);
        editor.load(created.entity);
        toasts.notify(EntityMessages.created(created.entity.display_name));
        setGoTo({ path: `/entity/${app}/edit/${created.entity.id}`, replace: true });
      } else if (entityId) {
        const saved = await store.save(appId, entityId, body);
        editor.load(saved.entity);
        setUsages(saved.usages);
        toasts.notify(EntityMessages.saved);
      }
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.fields.display_name) setNameError(error.fields.display_name[0]);
      else if (isApiError(error) && error.status === 409) setConflict(true);
      else if (isApiError(error) && error.status === 422) {
        setNameError(error.fields.display_name?.[0] ?? null);
        setEntriesError(Object.entries(error.fields).find(([f]) => f.startsWith('entities'))?.[1][0] ?? (error.fields.display_name ? null : error.message));
      } else setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  async function importFile(file: File | undefined) {
    if (!file) return;
    const count = editor.addMany(await readText(file));
    toasts.result(`${formatCount(count)} ${count === 1 ? 'entry' : 'entries'} read from ${file.name}`);
  }

  if (status === 'loading') return <PageSkeleton />;
  if (status === 'error') {
    return (
      <Page title="Entity">
        <LoadError title="The entity could not be loaded" error={failure} onRetry={() => setReloadKey((k) => k + 1)} />
      </Page>
    );
  }

  const kind = editor.kind;
  const regexp = kind === 'KIND_REGEXP';
  const title = mode === 'create' ? 'New entity' : `@${normaliseEntityName(editor.name) || 'entity'}`;

  return (
    <Page
      title={title}
      description={mode === 'create' ? 'Name the entity, choose how it matches, and list its entries.' : 'Entries the bot recognises for this entity, and how it matches them.'}
      actions={
        <>
          <Link to={`/entities/${app}`}>Back to entities</Link>
          {mode === 'view' && edit.allowed && <AnchorButton text="Edit" href={`/entity/${app}/edit/${entityId}`} onClick={(e) => (e.preventDefault(), navigate(`/entity/${app}/edit/${entityId}`))} />}
          {mode === 'edit' && !readOnly && <Button intent="danger" variant="outlined" text="Delete" onClick={() => setDeleting(true)} />}
          {!readOnly && <Button intent="primary" text={mode === 'create' ? 'Create' : 'Save'} loading={saving} onClick={() => void save()} />}
        </>
      }
    >
      {prompt}
      {readOnly && (
        <Callout intent="primary" className="civic-form-notice">
          {edit.allowed ? 'You are viewing this entity. Choose Edit to change it.' : (edit.disabledReason ?? 'You can view this entity but not change it.')}
        </Callout>
      )}
      {conflict && (
        <Callout intent="warning" role="alert" title="Changed by someone else" className="civic-form-notice">
          <p>{EntityMessages.staleVersion}</p>
          <Button text="Reload" onClick={() => setReloadKey((k) => k + 1)} />
        </Callout>
      )}
      {failure && (
        <Callout intent="danger" role="alert" className="civic-form-notice">
          {failure}
        </Callout>
      )}
      <form onSubmit={(e) => void save(e)} noValidate aria-label="Entity">
        <FormGroup
          label="Entity name"
          labelFor="entity-name"
          intent={nameError ? 'danger' : 'none'}
          helperText={nameError ? <span id="entity-name-error">{nameError}</span> : 'Letters, digits, _ and -; starts with a letter; at most 30 characters.'}
        >
          <InputGroup
            id="entity-name"
            inputRef={nameRef}
            leftElement={<span style={{ padding: '0 4px 0 8px', lineHeight: '30px' }}>@</span>}
            value={editor.name}
            readOnly={readOnly}
            intent={nameError ? 'danger' : undefined}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'entity-name-error' : undefined}
            onChange={(e) => {
              editor.setName(e.target.value.replace(/^@/, ''));
              if (nameError) setNameError(entityNameProblem(normaliseEntityName(e.target.value)));
            }}
            onBlur={() => setNameError(entityNameProblem(normaliseEntityName(editor.name)))}
          />
        </FormGroup>
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
          <legend>How it matches</legend>
          <Checkbox label="Define synonyms" checked={editor.boxes.synonyms} disabled={readOnly} onChange={(e) => editor.setBox('synonyms', e.currentTarget.checked)} />
          <Checkbox
            label="Regexp entity"
            checked={editor.boxes.regexp}
            disabled={readOnly}
            onChange={(e) => editor.setBox('regexp', e.currentTarget.checked)}
          />
          <Checkbox label="Fuzzy matching" checked={editor.boxes.fuzzy} disabled={readOnly} onChange={(e) => editor.setBox('fuzzy', e.currentTarget.checked)} />
          <p role="status" aria-live="polite">
            Kind: <strong>{KIND_LABELS[kind]}</strong>
            {regexp ? ' — each entry is a Google RE2 regular expression.' : kind === 'KIND_MAP' ? ' — each entry has a reference value and synonyms.' : ' — each entry is a value matched as written.'}
          </p>
        </fieldset>

        <h2 className="civic-section-title">Entries</h2>
        {entriesError && (
          <Callout intent="danger" role="alert" className="civic-form-notice">
            {entriesError}
          </Callout>
        )}
        <EntriesTable editor={editor} readOnly={readOnly} showRegexpErrors={showRegexpErrors} valueRefs={valueRefs.current} />
        {!readOnly && (
          <div className="civic-form-actions" style={{ justifyContent: 'flex-start', gap: 8, display: 'flex', marginTop: 8 }}>
            <Button
              icon={<AddIcon />}
              text="Add entry"
              onClick={() => {
                focusKey.current = editor.addEntry().key;
              }}
            />
            <Button text="Paste many entries" onClick={() => setPasting(true)} />
            <Button text="Import CSV" onClick={() => fileRef.current?.click()} />
            <input
              ref={fileRef}
              type="file"
              className="civic-visually-hidden"
              tabIndex={-1}
              accept=".csv,text/csv,text/plain"
              aria-label="Import entries from a CSV file"
              onChange={(e) => {
                void importFile(e.currentTarget.files?.[0]);
                e.currentTarget.value = '';
              }}
            />
          </div>
        )}
      </form>

      {mode !== 'create' && (
        <Card style={{ marginTop: 16 }}>
          <h2 className="civic-section-title">Where it is used</h2>
          {usages.length === 0 ? <p>No training phrase or parameter uses this entity.</p> : <UsageList appId={appId} usages={usages} />}
        </Card>
      )}
      <PasteEntriesDialog isOpen={pasting} regexp={regexp} onClose={() => setPasting(false)} onAdd={(text) => editor.addMany(text)} />
      {deleting && entityId && (
        <DeleteEntityDialog
          appId={appId}
          entity={{ id: entityId, name: normaliseEntityName(editor.name) }}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            editor.load(null);
            setGoTo({ path: `/entities/${app}`, replace: false });
          }}
        />
      )}
    </Page>
  );
});
