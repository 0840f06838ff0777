import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@civic/sdk/web/blueprint';
import { useState, type FormEvent } from '@civic/sdk/web/react';
import { TIER_ORDER } from '@civic/sdk/common/model';
import { FormField, isApiError, ToastService, useService } from '@civic/sdk/web';
import { serverFieldErrors, useDtoForm } from '@civic/sdk/web/forms';
import { AppCreateDto } from '../common/app-patch.dto';
import { AdminMessages } from '../common/messages';
import { ChatAppsStore } from './chat-apps-store';
import { errorText } from './use-resource';

const FIELDS = ['appId', 'appName'] as const;

/** New app: id, name, agency, tier; everything else takes its default and the creator becomes admin. */
export function AppCreateDialog(props: { agencies: string[]; onClose: () => void; onCreated: (appId: string) => void }) {
  const store = useService<ChatAppsStore>(ChatAppsStore);
  const toasts = useService<ToastService>(ToastService);
  const [agencyName, setAgency] = useState(props.agencies[0] ?? '');
  const [tier, setTier] = useState<string>('Starter');
  const form = useDtoForm('app-create', AppCreateDto, { appId: '', appName: '' }, (v) => ({ appId: v.appId.trim(), appName: v.appName.trim(), agencyName, subscriptionTier: tier }));
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    setSaving(true);
    setFailure(null);
    try {
      const created = await store.create({ appId: form.values.appId.trim(), appName: form.values.appName.trim(), agencyName, subscriptionTier: tier });
      toasts.notify(`${AdminMessages.created}: ${created.appId}`);
      props.onCreated(created.appId);
      props.onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409) form.showErrors({ appId: error.message });
      else if (isApiError(error) && Object.keys(serverFieldErrors(error.fields, FIELDS)).length > 0) form.showErrors(serverFieldErrors(error.fields, FIELDS));
      else setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title="New chat app">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="New chat app">
        <DialogBody>
          <p>You become the app's admin. Its default intents are added for you.</p>
          {failure && (
            <Callout intent="danger" role="alert" className="civic-form-notice">
              {failure}
            </Callout>
          )}
          <FormField form={form} field="appId" label="App id" helper="Lower-case letters, digits and dashes" autoComplete="off" />
          <FormField form={form} field="appName" label="App name" autoComplete="off" />
          <FormGroup label="Agency" labelFor="app-create-agency">
            <HTMLSelect id="app-create-agency" value={agencyName} onChange={(e) => setAgency(e.currentTarget.value)} options={props.agencies} />
          </FormGroup>
          <FormGroup label="Subscription tier" labelFor="app-create-tier">
            <HTMLSelect id="app-create-tier" value={tier} onChange={(e) => setTier(e.currentTarget.value)} options={[...TIER_ORDER]} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={props.onClose} />
              <Button type="submit" intent="primary" text="Create app" loading={saving} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
