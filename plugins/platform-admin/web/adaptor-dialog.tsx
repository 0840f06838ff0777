import { FormGroup, HTMLSelect, InputGroup, Switch } from '@civic/sdk/web/blueprint';
import { useState } from '@civic/sdk/web/react';
import { ApiClient, FormField, useService } from '@civic/sdk/web';
import { FormDialog, useDtoForm, useFormSubmit } from '@civic/sdk/web/forms';
import { AdminApi, type AdaptorItem } from '../common/api';
import { ADAPTOR_TYPE_LABELS, ADAPTOR_TYPES, AdaptorCreateDto, type AdaptorType } from '../common/adaptor.dto';

/** Create or edit a channel adaptor, checked with the server's DTO (fetched with the first opening). */
export function AdaptorDialog(props: { adaptor: AdaptorItem | null; onClose: () => void; onSaved: () => void }) {
  const api = useService<ApiClient>(ApiClient);
  const [type, setType] = useState<AdaptorType>(props.adaptor?.type ?? 'WEB_CHAT');
  const [appIds, setAppIds] = useState((props.adaptor?.appIds ?? []).join(', '));
  const [enabled, setEnabled] = useState(props.adaptor?.enabled ?? true);
  const form = useDtoForm('adaptor', AdaptorCreateDto, { name: props.adaptor?.name ?? '', webhookUrl: props.adaptor?.webhookUrl ?? '' }, (v) => ({ type, name: v.name.trim(), webhookUrl: v.webhookUrl.trim() }));
  const title = props.adaptor ? `Edit ${props.adaptor.name}` : 'New adaptor';
  const submit = useFormSubmit(form, {
    action: () => {
      const body = {
        type,
        name: form.values.name.trim(),
        webhookUrl: form.values.webhookUrl.trim(),
        appIds: appIds.split(/[\s,]+/).filter(Boolean),
        enabled,
      };
      return props.adaptor ? api.patch(AdminApi.adaptor(props.adaptor.id), body) : api.post(AdminApi.adaptors, body);
    },
    toast: props.adaptor ? 'Adaptor saved' : 'Adaptor created',
    onSuccess: () => {
      props.onSaved();
      props.onClose();
    },
    // A name another adaptor has: under the name field.
    fieldErrors: (error) => (error.status === 409 ? { name: error.message } : undefined),
  });

  return (
    <FormDialog isOpen title={title} submitText="Save" submit={submit} onClose={props.onClose}>
      <FormGroup label="Channel" labelFor="adaptor-type">
        <HTMLSelect id="adaptor-type" value={type} onChange={(e) => setType(e.currentTarget.value as AdaptorType)} options={ADAPTOR_TYPES.map((t) => ({ value: t, label: ADAPTOR_TYPE_LABELS[t] }))} />
      </FormGroup>
      <FormField form={form} field="name" label="Name" autoComplete="off" />
      <FormField form={form} field="webhookUrl" label="Webhook URL" helper="https only" autoComplete="off" />
      <FormGroup label="Linked apps" labelFor="adaptor-apps" helperText="App ids, separated by commas">
        <InputGroup id="adaptor-apps" value={appIds} onChange={(e) => setAppIds(e.target.value)} />
      </FormGroup>
      <Switch label="Enabled" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
    </FormDialog>
  );
}
