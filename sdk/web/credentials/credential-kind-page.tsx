import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { AddIcon } from '@blueprintjs/icons';
import { ConfirmDelete } from '@civic/core/web/shell/confirm-delete';
import { ApiClient } from '@civic/core/web/api/api-client';
import { errorMessage } from '@civic/core/web/api/error-message';
import { useService } from '@civic/core/web/di/container-context';
import { FormDialog } from '@civic/core/web/forms/form-dialog';
import { FormField } from '@civic/core/web/forms/form-field';
import { useDtoForm } from '@civic/core/web/forms/use-dto-form';
import { useFormSubmit } from '@civic/core/web/forms/use-form-submit';
import { Page } from '@civic/core/web/page/page';
import { EmptyState } from '@civic/core/web/shell/empty-state';
import { LoadError } from '@civic/core/web/shell/load-error';
import { PageSkeleton } from '@civic/core/web/shell/page-skeleton';
import { ToastService } from '@civic/core/web/toasts/toast-service';
import {
  CredentialApi,
  credentialBodies,
  credentialFieldsOf,
  CredentialSecretDto,
  type CredentialKind,
  type CredentialScopes,
  type CredentialScopeKind,
  type CredentialTestResult,
  type CredentialView,
} from '../../common/credentials';

const SCOPE_LABELS: Record<CredentialScopeKind, string> = { platform: 'Platform-wide', agency: 'One agency', app: 'One app' };

type Agencies = CredentialScopes['agencies'];

function scopeText(item: CredentialView, agencies: Agencies): string {
  if (item.scope === 'agency') return `Agency ${agencies.find((a) => a.id === item.agencyId)?.name ?? item.agencyId ?? ''}`;
  if (item.scope === 'app') return `App ${item.appId ?? ''}`;
  return 'Platform-wide';
}

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : 'Never';
}

function useList(kind: CredentialKind) {
  const api = useService<ApiClient>(ApiClient);
  const [items, setItems] = useState<CredentialView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setItems((await api.get<{ items: CredentialView[] }>(CredentialApi.list(kind.id))).items);
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [api, kind.id]);
  useEffect(() => void reload(), [reload]);
  return { items, error, reload };
}

/** The agencies a credential may be scoped to; none when they cannot be read (the form then takes an id). */
function useAgencies(): Agencies {
  const api = useService<ApiClient>(ApiClient);
  const [agencies, setAgencies] = useState<Agencies>([]);
  useEffect(() => {
    let live = true;
    api.get<CredentialScopes>(CredentialApi.scopes).then(
      (scopes) => live && setAgencies(scopes.agencies),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return agencies;
}

/** The add/edit form, generated from the kind's DTO: the same class validates on the server. */
function CredentialDialog({ kind, item, agencies, onClose, onSaved }: { kind: CredentialKind; item: CredentialView | null; agencies: Agencies; onClose: () => void; onSaved: () => void }) {
  const api = useService<ApiClient>(ApiClient);
  const fields = useMemo(() => credentialFieldsOf(kind.fields), [kind.fields]);
  const bodies = credentialBodies(kind);
  const defaults = useMemo(() => new kind.fields() as Record<string, unknown>, [kind.fields]);
  const initial: Record<string, string> = { name: item?.name ?? '', scope: item?.scope ?? 'platform', agencyId: item?.agencyId ?? '', appId: item?.appId ?? '' };
  for (const { name } of fields) initial[name] = kind.secrets.includes(name) ? '' : (item?.values[name] ?? (typeof defaults[name] === 'string' ? (defaults[name] as string) : ''));
  const prepare = (values: Record<string, string>) => {
    const body: Record<string, string> = { name: values.name.trim(), scope: values.scope };
    if (values.scope === 'agency') body.agencyId = values.agencyId.trim();
    if (values.scope === 'app') body.appId = values.appId.trim();
    for (const { name } of fields) {
      const value = kind.secrets.includes(name) ? values[name] : values[name].trim();
      if (!(item && kind.secrets.includes(name) && value === '')) body[name] = value;
    }
    return body;
  };
  const form = useDtoForm(`credential-${kind.id}`, item ? bodies.update : bodies.create, initial, prepare);
  const title = item ? `Edit ${item.name}` : `New ${kind.title} credential`;
  const submit = useFormSubmit(form, {
    action: () => (item ? api.patch(CredentialApi.item(kind.id, item.id), prepare(form.values)) : api.post(CredentialApi.list(kind.id), prepare(form.values))),
    toast: item ? 'Credential saved' : 'Credential added',
    onSuccess: () => {
      onSaved();
      onClose();
    },
    fieldErrors: (error) => (error.status === 409 ? { name: error.message } : undefined),
  });
  const close = () => {
    submit.clear();
    onClose();
  };
  return (
    <FormDialog isOpen title={title} submitText={item ? 'Save' : 'Add credential'} submit={submit} onClose={close} description="Secrets are sealed when saved and never shown again.">
      <FormField form={form} field="name" label="Name" autoComplete="off" />
      <FormGroup label="Applies to" labelFor={`credential-${kind.id}-scope`}>
        <HTMLSelect
          id={`credential-${kind.id}-scope`}
          value={form.values.scope}
          onChange={(e) => form.set('scope', e.currentTarget.value)}
          options={(Object.keys(SCOPE_LABELS) as CredentialScopeKind[]).map((s) => ({ value: s, label: SCOPE_LABELS[s] }))}
        />
      </FormGroup>
      {form.values.scope === 'agency' &&
        (agencies.length > 0 ? (
          <FormGroup label="Agency" labelFor={`credential-${kind.id}-agencyId`} helperText={form.errors.agencyId} intent={form.errors.agencyId ? 'danger' : 'none'}>
            <HTMLSelect
              id={`credential-${kind.id}-agencyId`}
              value={form.values.agencyId}
              onChange={(e) => form.set('agencyId', e.currentTarget.value)}
              options={[{ value: '', label: 'Choose an agency' }, ...agencies.map((a) => ({ value: a.id, label: a.name }))]}
            />
          </FormGroup>
        ) : (
          <FormField form={form} field="agencyId" label="Agency ID" autoComplete="off" />
        ))}
      {form.values.scope === 'app' && <FormField form={form} field="appId" label="App ID" autoComplete="off" />}
      {fields.map(({ name, text }) => {
        const secret = kind.secrets.includes(name);
        const state = item?.secrets[name];
        const kept = state?.isConfigured ? `Set${state.lastFour ? `, ends in ${state.lastFour}` : ''}: leave empty to keep it.` : undefined;
        return (
          <FormField
            key={name}
            form={form}
            field={name}
            label={text.label}
            helper={[text.help, secret ? kept : undefined].filter(Boolean).join(' ')}
            placeholder={text.placeholder}
            type={secret ? 'password' : 'text'}
            autoComplete={secret ? 'new-password' : 'off'}
          />
        );
      })}
    </FormDialog>
  );
}

/** Replacing (rotating) one secret: the old value is gone once the new one is saved. */
function RotateDialog({ kind, item, onClose, onSaved }: { kind: CredentialKind; item: CredentialView; onClose: () => void; onSaved: () => void }) {
  const api = useService<ApiClient>(ApiClient);
  const labels = useMemo(() => Object.fromEntries(credentialFieldsOf(kind.fields).map((f) => [f.name, f.text.label])), [kind.fields]);
  const [field, setField] = useState(kind.secrets[0]);
  const form = useDtoForm(`rotate-${kind.id}`, CredentialSecretDto, { value: '' });
  const submit = useFormSubmit(form, {
    action: () => api.put(CredentialApi.secret(kind.id, item.id, field), { value: form.values.value }),
    toast: `${labels[field] ?? field} replaced`,
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  return (
    <FormDialog isOpen title={`Rotate a secret of ${item.name}`} submitText="Replace" submit={submit} onClose={onClose} description="The new value replaces the old one at once; the old one cannot be brought back.">
      {kind.secrets.length > 1 && (
        <FormGroup label="Secret" labelFor={`rotate-${kind.id}-field`}>
          <HTMLSelect id={`rotate-${kind.id}-field`} value={field} onChange={(e) => setField(e.currentTarget.value)} options={kind.secrets.map((s) => ({ value: s, label: labels[s] ?? s }))} />
        </FormGroup>
      )}
      <FormField form={form} field="value" label={`New ${(labels[field] ?? field).toLowerCase()}`} type="password" autoComplete="new-password" />
    </FormDialog>
  );
}

function SecretsCell({ kind, item, labels }: { kind: CredentialKind; item: CredentialView; labels: Record<string, string> }) {
  return (
    <>
      {kind.secrets.map((field) => {
        const state = item.secrets[field];
        return (
          <div key={field}>
            {labels[field] ?? field}: {state?.isConfigured ? `set${state.lastFour ? ` (…${state.lastFour})` : ''}${state.setBy ? ` by ${state.setBy}` : ''}` : 'not set'}
          </div>
        );
      })}
    </>
  );
}

/** `/<kind id>`: the credentials of one kind, generated from its declaration (`defineCredentialPlugin`). */
export function credentialKindPage(kind: CredentialKind): ComponentType {
  function CredentialKindPage() {
    const api = useService<ApiClient>(ApiClient);
    const toasts = useService<ToastService>(ToastService);
    const { items, error, reload } = useList(kind);
    const agencies = useAgencies();
    const labels = useMemo(() => Object.fromEntries(credentialFieldsOf(kind.fields).map((f) => [f.name, f.text.label])), []);
    const [editing, setEditing] = useState<CredentialView | 'new' | null>(null);
    const [rotating, setRotating] = useState<CredentialView | null>(null);
    const [deleting, setDeleting] = useState<CredentialView | null>(null);
    const [testing, setTesting] = useState<string | null>(null);
    const [results, setResults] = useState<Record<string, CredentialTestResult>>({});
    const [failure, setFailure] = useState<string | null>(null);

    async function test(item: CredentialView) {
      setTesting(item.id);
      setFailure(null);
      try {
        const result = await api.post<CredentialTestResult>(CredentialApi.test(kind.id, item.id));
        setResults((r) => ({ ...r, [item.id]: result }));
        await reload();
      } catch (e) {
        setFailure(errorMessage(e));
      } finally {
        setTesting(null);
      }
    }

    async function remove(item: CredentialView) {
      setFailure(null);
      try {
        await api.delete(CredentialApi.item(kind.id, item.id));
        toasts.notify(`Deleted ${item.name}`);
        await reload();
      } catch (e) {
        setFailure(errorMessage(e));
      }
    }

    const add = <Button intent="primary" icon={<AddIcon />} text="New credential" onClick={() => setEditing('new')} />;
    return (
      <Page title={kind.title} description={`Integration credentials${kind.usedBy?.length ? ` used by: ${kind.usedBy.join(', ')}` : ''}. Secrets are write-only.`} actions={add}>
        {failure && (
          <Callout intent="danger" role="alert" className="civic-form-notice">
            {failure}
          </Callout>
        )}
        {error !== null && <LoadError title="The credentials could not be loaded" error={error} onRetry={() => void reload()} />}
        {items === null && error === null && <PageSkeleton />}
        {items?.length === 0 && <EmptyState title="No credentials yet" description={`Add the first ${kind.title} credential.`} action={<Button intent="primary" text="New credential" onClick={() => setEditing('new')} />} />}
        {items && items.length > 0 && (
          <HTMLTable striped aria-label={`${kind.title} credentials`}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Scope</th>
                <th scope="col">Secrets</th>
                <th scope="col">Last tested</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const result = results[item.id];
                const status = result?.status ?? item.lastTestStatus;
                const reason = result?.reason ?? item.lastTestReason;
                const latency = result?.latencyMs ?? item.lastTestLatencyMs;
                return (
                  <tr key={item.id}>
                    <td>{item.name}</td>
                    <td>{scopeText(item, agencies)}</td>
                    <td>
                      <SecretsCell kind={kind} item={item} labels={labels} />
                    </td>
                    <td>{when(item.lastTestedAt)}</td>
                    <td role="status" aria-live="polite">
                      {status ? (
                        <Tag minimal intent={status === 'ok' ? 'success' : 'danger'}>
                          {status === 'ok' ? 'Connected' : 'Failed'}
                          {latency !== null && latency !== undefined ? ` · ${latency} ms` : ''}
                        </Tag>
                      ) : (
                        'Not tested'
                      )}
                      {reason && <div>{reason}</div>}
                    </td>
                    <td>
                      <Button size="small" text="Test connection" aria-label={`Test connection of ${item.name}`} loading={testing === item.id} onClick={() => void test(item)} />
                      <Button size="small" variant="minimal" text="Rotate secret" aria-label={`Rotate secret of ${item.name}`} onClick={() => setRotating(item)} />
                      <Button size="small" variant="minimal" text="Edit" aria-label={`Edit ${item.name}`} onClick={() => setEditing(item)} />
                      <Button size="small" variant="minimal" intent="danger" text="Delete" aria-label={`Delete ${item.name}`} onClick={() => setDeleting(item)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        )}
        {editing !== null && <CredentialDialog kind={kind} item={editing === 'new' ? null : editing} agencies={agencies} onClose={() => setEditing(null)} onSaved={() => void reload()} />}
        {rotating && <RotateDialog kind={kind} item={rotating} onClose={() => setRotating(null)} onSaved={() => void reload()} />}
        <ConfirmDelete
          item={deleting}
          nameOf={(item) => item.name}
          onCancel={() => setDeleting(null)}
          onConfirm={(item) => {
            setDeleting(null);
            void remove(item);
          }}
        />
      </Page>
    );
  }
  CredentialKindPage.displayName = `CredentialKindPage(${kind.id})`;
  return CredentialKindPage;
}
