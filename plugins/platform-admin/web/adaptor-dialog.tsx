import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Switch } from '@civic/sdk/web/blueprint';
import { useState, type FormEvent } from '@civic/sdk/web/react';
import { ApiClient, FormField, ToastService, isApiError, useService, errorMessage } from '@civic/sdk/web';
import { serverFieldErrors, useDtoForm } from '@civic/sdk/web/forms';
import { AdminApi, type AdaptorItem } from '../common/api';
import { ADAPTOR_TYPE_LABELS, ADAPTOR_TYPES, AdaptorCreateDto, type AdaptorType } from '../common/adaptor.dto';

const FIELDS = ['name', 'webhookUrl'] as const;

/** Create or edit a channel adaptor, checked with the server's DTO (fetched with the first opening). */
export function AdaptorDialog(props: { adaptor: AdaptorItem | null; onClose: () => void; onSaved: () => void }) {
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
