import { FormGroup, HTMLSelect } from '@civic/sdk/web/blueprint';
import { useState } from '@civic/sdk/web/react';
import { TIER_ORDER } from '@civic/sdk/common/model';
import { FormField, useService } from '@civic/sdk/web';
import { FormDialog, useDtoForm, useFormSubmit } from '@civic/sdk/web/forms';
import { AppCreateDto } from '../common/app-patch.dto';
import { AdminMessages } from '../common/messages';
import { ChatAppsStore } from './chat-apps-store';

/** New app: id, name, agency, tier; everything else takes its default and the creator becomes admin. */
export function AppCreateDialog(props: { agencies: string[]; onClose: () => void; onCreated: (appId: string) => void }) {
  const store = useService<ChatAppsStore>(ChatAppsStore);
  const [agencyName, setAgency] = useState(props.agencies[0] ?? '');
  const [tier, setTier] = useState<string>('Starter');
  const form = useDtoForm('app-create', AppCreateDto, { appId: '', appName: '' }, (v) => ({ appId: v.appId.trim(), appName: v.appName.trim(), agencyName, subscriptionTier: tier }));
  const submit = useFormSubmit(form, {
    action: () => store.create({ appId: form.values.appId.trim(), appName: form.values.appName.trim(), agencyName, subscriptionTier: tier }),
    toast: (created) => `${AdminMessages.created}: ${created.appId}`,
    onSuccess: (created) => {
      props.onCreated(created.appId);
      props.onClose();
    },
    fieldErrors: (error) => (error.status === 409 ? { appId: error.message } : undefined),
  });

  return (
    <FormDialog
      isOpen
      title="New chat app"
      description="You become the app's admin. Its default intents are added for you."
      submitText="Create app"
      submit={submit}
      onClose={props.onClose}
    >
      <FormField form={form} field="appId" label="App id" helper="Lower-case letters, digits and dashes" autoComplete="off" />
      <FormField form={form} field="appName" label="App name" autoComplete="off" />
      <FormGroup label="Agency" labelFor="app-create-agency">
        <HTMLSelect id="app-create-agency" value={agencyName} onChange={(e) => setAgency(e.currentTarget.value)} options={props.agencies} />
      </FormGroup>
      <FormGroup label="Subscription tier" labelFor="app-create-tier">
        <HTMLSelect id="app-create-tier" value={tier} onChange={(e) => setTier(e.currentTarget.value)} options={[...TIER_ORDER]} />
      </FormGroup>
    </FormDialog>
  );
}
