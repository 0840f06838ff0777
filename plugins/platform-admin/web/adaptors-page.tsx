import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, InputGroup, Switch, Tag } from '@civic/sdk/web/blueprint';
import { AddIcon, ExchangeIcon } from '@civic/sdk/web/icons';
import { useState, type FormEvent } from '@civic/sdk/web/react';
import { ApiClient, ConfirmDelete, EmptyState, FormField, Page, PageSkeleton, ToastService, isApiError, useService, errorMessage } from '@civic/sdk/web';
import { serverFieldErrors, useDtoForm } from '@civic/sdk/web/forms';
import { AdminApi, type AdaptorItem, type ConnectionTestResult } from '../common/api';
import { ADAPTOR_TYPE_LABELS, ADAPTOR_TYPES, AdaptorCreateDto, type AdaptorType } from '../common/adaptor.dto';
import { useResource } from './use-resource';

const FIELDS = ['name', 'webhookUrl'] as const;

function AdaptorDialog(props: { adaptor: AdaptorItem | null; onClose: () => void; onSaved: () => void }) {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const [type, setType] = useState<AdaptorType>(props.adaptor?.type ?? 'WEB_CHAT');
  const [appIds, setAppIds] = useState((props.adaptor?.appIds ?? []).join(', '));
  const [enabled, setEnabled] = useState(props.adaptor?.enabled ?? true);
  const form = useDtoForm('adaptor', AdaptorCreateDto, { name: props.adaptor?.name ?? '', webhookUrl: props.adaptor?.webhookUrl ?? '' }, (v) => ({ type, name: v.name.trim(), webhookUrl: v.webhookUrl.trim() }));
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const title = props.adaptor ? `Edit ${props.adaptor.name}` : 'New adaptor';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    setSaving(true);
    setFailure(null);
    const body = {
      type,
      name: form.values.name.trim(),
      webhookUrl: form.values.webhookUrl.trim(),
      appIds: appIds.split(/[\s,]+/).filter(Boolean),
      enabled,
    };
    try {
      if (props.adaptor) await api.patch(AdminApi.adaptor(props.adaptor.id), body);
      else await api.post(AdminApi.adaptors, body);
      toasts.notify(props.adaptor ? 'Adaptor saved' : 'Adaptor created');
      props.onSaved();
      props.onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409) form.showErrors({ name: error.message });
      else if (isApiError(error) && Object.keys(serverFieldErrors(error.fields, FIELDS)).length > 0) form.showErrors(serverFieldErrors(error.fields, FIELDS));
      else setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={title}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <DialogBody>
          {failure && (
            <Callout intent="danger" role="alert" className="civic-form-notice">
              {failure}
            </Callout>
          )}
          <FormGroup label="Channel" labelFor="adaptor-type">
            <HTMLSelect id="adaptor-type" value={type} onChange={(e) => setType(e.currentTarget.value as AdaptorType)} options={ADAPTOR_TYPES.map((t) => ({ value: t, label: ADAPTOR_TYPE_LABELS[t] }))} />
          </FormGroup>
          <FormField form={form} field="name" label="Name" autoComplete="off" />
          <FormField form={form} field="webhookUrl" label="Webhook URL" helper="https only" autoComplete="off" />
          <FormGroup label="Linked apps" labelFor="adaptor-apps" helperText="App ids, separated by commas">
            <InputGroup id="adaptor-apps" value={appIds} onChange={(e) => setAppIds(e.target.value)} />
          </FormGroup>
          <Switch label="Enabled" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={props.onClose} />
              <Button type="submit" intent="primary" text="Save" loading={saving} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

/** /adaptor: the channel connectors, their webhooks and apps, with a connection test. */
export function AdaptorsPage() {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const list = useResource(() => api.get<{ adaptors: AdaptorItem[] }>(AdminApi.adaptors));
  const [editing, setEditing] = useState<AdaptorItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdaptorItem | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [results, setResults] = useState<Record<string, ConnectionTestResult>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const adaptors = list.data?.adaptors ?? [];

  async function test(adaptor: AdaptorItem) {
    setTesting(adaptor.id);
    setFailure(null);
    try {
      const result = await api.post<ConnectionTestResult>(AdminApi.adaptorTest(adaptor.id));
      setResults((r) => ({ ...r, [adaptor.id]: result }));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setTesting(null);
    }
  }

  async function remove(adaptor: AdaptorItem) {
    setFailure(null);
    try {
      await api.delete(AdminApi.adaptor(adaptor.id));
      toasts.notify(`Deleted ${adaptor.name}`);
      await list.reload();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Page
      title="Adaptors"
      description="Channel connectors (web chat, WhatsApp, Telegram, LINE, Messenger, Slack …): where each channel's messages go, and for which apps."
      actions={<Button intent="primary" icon={<AddIcon />} text="New adaptor" onClick={() => setEditing('new')} />}
    >
      {(list.error || failure) && (
        <Callout intent="danger" role="alert" className="civic-form-notice">
          <p>{list.error ?? failure}</p>
          {list.error && <Button text="Try again" onClick={() => void list.reload()} />}
        </Callout>
      )}
      {list.loading && !list.data && <PageSkeleton />}
      {list.data && adaptors.length === 0 && <EmptyState icon={<ExchangeIcon />} title="No adaptors yet" description="Connect a first channel." action={<Button intent="primary" text="New adaptor" onClick={() => setEditing('new')} />} />}
      {adaptors.length > 0 && (
        <HTMLTable striped aria-label="Adaptors">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Channel</th>
              <th scope="col">Webhook URL</th>
              <th scope="col">Apps</th>
              <th scope="col">Enabled</th>
              <th scope="col">Connection</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {adaptors.map((adaptor) => {
              const result = results[adaptor.id];
              return (
                <tr key={adaptor.id}>
                  <td>{adaptor.name}</td>
                  <td>{ADAPTOR_TYPE_LABELS[adaptor.type] ?? adaptor.type}</td>
                  <td className="civic-break">{adaptor.webhookUrl}</td>
                  <td>{adaptor.appIds.join(', ') || '—'}</td>
                  <td>{adaptor.enabled ? 'Yes' : 'No'}</td>
                  <td role="status" aria-live="polite">
                    {result ? (
                      <Tag minimal intent={result.ok ? 'success' : 'danger'}>
                        {result.ok ? `OK · ${result.status} · ${result.latencyMs} ms` : `Failed · ${result.error ?? result.status} · ${result.latencyMs} ms`}
                      </Tag>
                    ) : adaptor.lastTestOk === null ? (
                      'Not tested'
                    ) : adaptor.lastTestOk ? (
                      'Last test OK'
                    ) : (
                      'Last test failed'
                    )}
                  </td>
                  <td>
                    <Button size="small" text="Test connection" aria-label={`Test connection of ${adaptor.name}`} loading={testing === adaptor.id} onClick={() => void test(adaptor)} />
                    <Button size="small" variant="minimal" text="Edit" aria-label={`Edit ${adaptor.name}`} onClick={() => setEditing(adaptor)} />
                    <Button size="small" variant="minimal" intent="danger" text="Delete" aria-label={`Delete ${adaptor.name}`} onClick={() => setDeleting(adaptor)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      {editing !== null && <AdaptorDialog adaptor={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => void list.reload()} />}
      <ConfirmDelete
        item={deleting}
        nameOf={(adaptor) => adaptor.name}
        onCancel={() => setDeleting(null)}
        onConfirm={(adaptor) => {
          setDeleting(null);
          void remove(adaptor);
        }}
      />
    </Page>
  );
}
