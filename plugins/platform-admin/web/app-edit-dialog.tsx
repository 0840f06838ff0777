import { Alert, Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Switch, TextArea } from '@civic/sdk/web/blueprint';
import { useEffect, useState, type FormEvent } from '@civic/sdk/web/react';
import { validateDto } from '@civic/sdk/common/validation';
import { engineLabel, NlpEngine, TIER_ORDER } from '@civic/sdk/common/model';
import { Messages } from '@civic/sdk/common/messages';
import { ToastService, useService, errorMessage } from '@civic/sdk/web';
import { useCredentialChoices } from './use-credential-choices';
import type { AdminAppDetail } from '../common/api';
import { buildAppPatch, formValuesOf, type AppFormValues } from '../common/app-form';
import { AppPatchDto, ENGINE_SERVICES, HOSTINGS, SYSTEM_CLASSIFICATIONS } from '../common/app-patch.dto';
import { AdminMessages } from '../common/messages';
import { ChatAppsStore } from './chat-apps-store';

const RESTRICTIONS: Array<[keyof AppFormValues['restrictions'], string]> = [
  ['analytics', 'Analytics'],
  ['categories', 'Categories'],
  ['labels', 'Labels'],
  ['trainingHub', 'Training hub'],
];

type TextKey = 'appName' | 'projectId' | 'liveChatService' | 'authenticationService' | 'qnaHandler' | 'dialogHandler';

/** Edit an app: every field of §3 "App patch"; decommission or restore. */
export function AppEditDialog(props: { appId: string; agencies: string[]; onClose: () => void }) {
  const store = useService<ChatAppsStore>(ChatAppsStore);
  const toasts = useService<ToastService>(ToastService);
  const [app, setApp] = useState<AdminAppDetail | null>(null);
  const [values, setValues] = useState<AppFormValues | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    store.detail(props.appId).then(
      (detail) => {
        setApp(detail);
        setValues(formValuesOf(detail));
      },
      (error: unknown) => setFailure(errorMessage(error)),
    );
  }, [store, props.appId]);

  const choices = useCredentialChoices();
  const set = <K extends keyof AppFormValues>(key: K, value: AppFormValues[K]) => setValues((v) => (v ? { ...v, [key]: value } : v));
  const text = (key: TextKey, label: string, helper?: string) => {
    // Live chat (and any credential kind that names an app field): the configured credentials are offered.
    const offered = key === 'liveChatService' || key === 'authenticationService' ? choices[key] : undefined;
    const listId = offered?.length ? `app-${key}-choices` : undefined;
    return (
      <FormGroup label={label} labelFor={`app-${key}`} helperText={offered?.length ? `${helper ?? ''} Configured: ${offered.join(', ')}`.trim() : helper}>
        <InputGroup id={`app-${key}`} value={values?.[key] ?? ''} onChange={(e) => set(key, e.target.value)} list={listId} autoComplete="off" />
        {listId && (
          <datalist id={listId}>
            {offered?.map((name) => <option key={name} value={name} />)}
          </datalist>
        )}
      </FormGroup>
    );
  };
  const select = (key: 'agencyName' | 'service' | 'systemClassification' | 'hosting' | 'subscriptionTier' | 'civicChuMode', label: string, options: Array<{ value: string; label: string }>) => (
    <FormGroup label={label} labelFor={`app-${key}`}>
      <HTMLSelect id={`app-${key}`} value={values?.[key] ?? ''} onChange={(e) => set(key, e.currentTarget.value as never)} options={options} />
    </FormGroup>
  );
  const toggle = (key: 'isPrivate' | 'isGenerative' | 'isPlaygroundEnabled' | 'skipBackupResponse', label: string) => (
    <Switch label={label} checked={values?.[key] ?? false} onChange={(e) => set(key, e.currentTarget.checked)} />
  );

  async function send(patch: AppPatchDto, done: string) {
    setSaving(true);
    setFailure(null);
    try {
      await store.patch(props.appId, patch);
      toasts.notify(done);
      props.onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!app || !values) return;
    // §5, before the server says it: the external engine needs both handlers.
    if (values.service === NlpEngine.EXTERNAL && (!values.qnaHandler.trim() || !values.dialogHandler.trim())) {
      setFailure(Messages.externalEngineHandlers);
      return;
    }
    const patch = buildAppPatch(formValuesOf(app), values);
    const outcome = validateDto(AppPatchDto, patch);
    if (outcome.messages.length > 0) {
      setFailure(outcome.messages[0]);
      return;
    }
    await send(patch, `Saved ${props.appId}`);
  }

  const decommissioned = app?.decommissionAt !== null && app?.decommissionAt !== undefined && new Date(app.decommissionAt).getTime() <= Date.now();
  const title = `Edit ${props.appId}`;

  return (
    <Dialog isOpen onClose={props.onClose} title={title} className="civic-wide-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <DialogBody>
          {failure && (
            <Callout intent="danger" role="alert" className="civic-form-notice">
              {failure}
            </Callout>
          )}
          {!values && !failure && <p>Loading…</p>}
          {values && (
            <div className="civic-form-grid">
              {text('appName', 'App name')}
              {text('projectId', 'Project id')}
              <FormGroup label="Description" labelFor="app-description">
                <TextArea id="app-description" fill value={values.description} onChange={(e) => set('description', e.target.value)} />
              </FormGroup>
              {select('agencyName', 'Agency', [...new Set([values.agencyName, ...props.agencies])].map((a) => ({ value: a, label: a })))}
              {select('subscriptionTier', 'Subscription tier', TIER_ORDER.map((t) => ({ value: t, label: t })))}
              {select('service', 'Engine', ENGINE_SERVICES.map((s) => ({ value: s, label: engineLabel(s) })))}
              {text('qnaHandler', 'Q&A handler', 'https; required for the external engine')}
              {text('dialogHandler', 'Dialog handler', 'https; required for the external engine')}
              {select('systemClassification', 'System classification', SYSTEM_CLASSIFICATIONS.map((s) => ({ value: s, label: s })))}
              {select('hosting', 'Hosting', [...new Set([values.hosting, ...HOSTINGS])].map((h) => ({ value: h, label: h })))}
              {select('civicChuMode', 'Next-generation console', [
                { value: '', label: 'Off' },
                { value: 'ALL', label: 'All' },
                { value: 'PLAYGROUND', label: 'Playground only' },
              ])}
              {text('liveChatService', 'Live chat service', 'Leave empty for none')}
              {text('authenticationService', 'Authentication service', 'Leave empty for none')}
              <FormGroup label="Go-live date" labelFor="app-goLiveAt" helperText="Leave empty for none">
                <InputGroup id="app-goLiveAt" type="date" value={values.goLiveAt} onChange={(e) => set('goLiveAt', e.target.value)} />
              </FormGroup>
              <FormGroup
                label="Allowed domains"
                labelFor="app-allowedDomains"
                helperText="One a line. Email domains that may join the app's team, and the sites that may embed and use its web chat: a domain such as gov.sg covers its subdomains; a site such as https://www.agency.gov.sg only itself."
              >
                <TextArea id="app-allowedDomains" fill rows={4} value={values.allowedDomains} onChange={(e) => set('allowedDomains', e.target.value)} />
              </FormGroup>
              <div>
                {toggle('isPrivate', 'Private')}
                {toggle('isGenerative', 'Generative')}
                {toggle('isPlaygroundEnabled', 'Playground enabled')}
                {toggle('skipBackupResponse', 'Skip backup response')}
              </div>
              <fieldset className="civic-fieldset">
                <legend>Starter-tier features this app may use anyway</legend>
                {RESTRICTIONS.map(([key, label]) => (
                  <Switch key={key} label={label} checked={values.restrictions[key]} onChange={(e) => set('restrictions', { ...values.restrictions, [key]: e.currentTarget.checked })} />
                ))}
              </fieldset>
            </div>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {app &&
                (decommissioned ? (
                  <Button intent="warning" text="Restore app" loading={saving} onClick={() => void send({ unsets: ['decommissionAt'] }, `Restored ${props.appId}`)} />
                ) : (
                  <Button intent="danger" text="Decommission" onClick={() => setConfirming(true)} />
                ))}
              <Button text="Cancel" onClick={props.onClose} />
              <Button type="submit" intent="primary" text="Save" loading={saving} disabled={!values} />
            </>
          }
        />
      </form>
      <Alert
        isOpen={confirming}
        intent="danger"
        confirmButtonText="Decommission"
        cancelButtonText="Cancel"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void send({ decommissionAt: new Date().toISOString() }, `${AdminMessages.decommissioned}: ${props.appId}`);
        }}
      >
        <p>{AdminMessages.confirmDecommission}</p>
      </Alert>
    </Dialog>
  );
}
