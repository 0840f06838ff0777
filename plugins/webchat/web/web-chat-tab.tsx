import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Switch, TextArea, Tooltip } from '@civic/sdk/web/blueprint';
import { FloppyDiskIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useMemo, useRef, useState, type FormEvent } from '@civic/sdk/web/react';
import { Messages } from '@civic/sdk/common/messages';
import { ApiClient, errorMessage, isApiError, PageSkeleton, ToastService, useAccess, useSaveShortcut, useService, useUnsavedChangesPrompt } from '@civic/sdk/web';
import { CONTRAST_PAIRS, contrastRatio, HEX_COLOUR, MIN_CONTRAST } from '../common/contrast';
import { WebChatMessages } from '../common/messages';
import { canEditWebChat } from '../common/permissions';
import { platformAdmin } from '@civic/sdk/common/access';
import { WEBCHAT_FIELDS, type WebChatSettingsField } from '../common/webchat-settings';
import { createConsoleChatClient } from './console-chat-client';
import { fromFormValues, previewSettings, SECTIONS, toFormValues, validateSettings, type FieldSpec, type FormErrors, type FormValues } from './settings-form';
import { WebChatSettingsStore } from './webchat-settings-store';
import { ChatWidget } from './widget/chat-widget';
import { SettingsLoadError } from './settings-load-error';
import { RefusedOriginsList } from './refused-origins-list';

export const READ_ONLY_REASON = 'Only editors and admins of this app can change the web chat settings.';

/**
 * App settings → Web Chat: every §3 widget setting, with a live preview of the real widget (on the
 * draft environment) that follows the form before it is saved.
 */
export const WebChatTab = observer(function WebChatTab(props: { appId: string }) {
  const { appId } = props;
  const store = useService<WebChatSettingsStore>(WebChatSettingsStore);
  const toasts = useService<ToastService>(ToastService);
  const api = useService<ApiClient>(ApiClient);
  const edit = useAccess(canEditWebChat);
  const admin = useAccess(platformAdmin).allowed;
  const readOnlyReason = edit.allowed ? undefined : (edit.disabledReason ?? READ_ONLY_REASON);
  const entry = store.entry(appId);
  const saved = entry?.settings;

  const [values, setValues] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const inputs = useRef<Partial<Record<WebChatSettingsField, HTMLElement | null>>>({});
  const client = useMemo(() => createConsoleChatClient(api, appId, 'draft'), [api, appId]);

  useEffect(() => {
    void store.load(appId);
    setValues(null);
    setErrors({});
  }, [store, appId]);

  const savedValues = useMemo(() => (saved ? toFormValues(saved) : null), [saved]);
  const shown = values ?? savedValues;
  const typed = useMemo(() => (shown ? fromFormValues(shown) : null), [shown]);
  const liveErrors = useMemo(() => (typed ? validateSettings(typed) : {}), [typed]);
  const dirty = Boolean(values && savedValues && WEBCHAT_FIELDS.some((f) => values[f] !== savedValues[f]));
  const prompt = useUnsavedChangesPrompt(dirty && !readOnlyReason);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (readOnlyReason || !typed || saving) return;
    const found = validateSettings(typed);
    setErrors(found);
    const first = WEBCHAT_FIELDS.find((f) => found[f]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    setSaving(true);
    try {
      await store.save(appId, typed);
      setValues(null);
      setConflict(false);
      toasts.notify(Messages.saved);
    } catch (error) {
      if (isApiError(error) && error.status === 409) setConflict(true);
      if (isApiError(error) && error.status === 422) {
        const mapped: FormErrors = {};
        for (const f of WEBCHAT_FIELDS) if (error.fields[f]?.[0]) mapped[f] = error.fields[f][0];
        setErrors(mapped);
        inputs.current[WEBCHAT_FIELDS.find((f) => mapped[f]) ?? 'appName']?.focus();
      }
      toasts.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  useSaveShortcut(() => void save(), !readOnlyReason);

  if (!shown || !typed || !saved) {
    if (entry?.status === 'error') {
      return (
        <SettingsLoadError error={entry.error} onRetry={() => void store.load(appId)} />
      );
    }
    return <PageSkeleton lines={6} />;
  }

  const change = (field: WebChatSettingsField, value: string | boolean) => setValues({ ...shown, [field]: value });
  const blur = (field: WebChatSettingsField) => setErrors((prev) => ({ ...prev, [field]: liveErrors[field] }));
  const preview = previewSettings(typed, liveErrors, saved);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  const saveButton = <Button type="submit" intent="primary" icon={<FloppyDiskIcon />} text="Save" loading={saving} disabled={Boolean(readOnlyReason)} />;

  return (
    <section aria-labelledby="webchat-heading" className="civic-settings-section">
      <h2 id="webchat-heading" className="civic-section-title">
        Web Chat
      </h2>
      {readOnlyReason && (
        <Callout intent="primary" className="civic-read-only-note" id="webchat-read-only">
          Read only. {readOnlyReason}
        </Callout>
      )}
      {conflict && (
        <Callout intent="warning" role="alert" title="Saved by someone else">
          <p>{WebChatMessages.conflict}</p>
          <Button
            text="Reload"
            onClick={() => {
              setConflict(false);
              setValues(null);
              void store.load(appId);
            }}
          />
        </Callout>
      )}
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(320px, 420px)', gap: 24, alignItems: 'start' }}>
        <form onSubmit={(e) => void save(e)} noValidate aria-labelledby="webchat-heading">
          {SECTIONS.map((section) => (
            <fieldset key={section.id} style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
              <legend className="bp6-heading" style={{ fontSize: 16, marginBottom: 8 }}>
                {section.title}
              </legend>
              {section.fields.map((spec) => (
                <Field
                  key={spec.field}
                  spec={spec}
                  value={shown[spec.field]}
                  error={errors[spec.field]}
                  readOnlyReason={readOnlyReason}
                  inputRef={(el) => {
                    inputs.current[spec.field] = el;
                  }}
                  onChange={(value) => change(spec.field, value)}
                  onBlur={() => blur(spec.field)}
                />
              ))}
              {section.id === 'colours' && <ContrastTable settings={typed} />}
            </fieldset>
          ))}
          <section aria-labelledby="webchat-sites-heading" style={{ marginBottom: 16 }}>
            <h3 id="webchat-sites-heading" className="bp6-heading" style={{ fontSize: 16, marginBottom: 8 }}>
              Embedding
            </h3>
            <p id="webchat-sites-help">
              Sites that may embed this chat and use it: the app&apos;s allowed domains (a domain covers its subdomains over https). The same list decides which
              sites the chat answers. {admin ? 'Change it in Chat Apps (edit the app, Allowed domains).' : 'A platform admin changes it in Chat Apps.'}
            </p>
            {entry?.allowedDomains && entry.allowedDomains.length > 0 ? (
              <ul aria-label="Allowed domains" data-testid="webchat-allowed-domains">
                {entry.allowedDomains.map((domain) => (
                  <li key={domain}>
                    <code>{domain}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <p data-testid="webchat-allowed-domains">No allowed domains yet: only the console and its sharing page can use this chat.</p>
            )}
            <RefusedOriginsList appId={appId} />
            {admin && (
              <p>
                <a href="/chatApp">Open Chat Apps</a>
              </p>
            )}
            <FormGroup label="Embed code" labelFor="webchat-embed-code" helperText="Put this on a page of an allowed domain to show the widget there.">
              <TextArea id="webchat-embed-code" readOnly fill value={`<script src="${origin}/webchat/embed.js" data-app-id="${appId}" async></script>`} />
            </FormGroup>
          </section>
          <p>
            <a href={`/sharing/${encodeURIComponent(appId)}`} target="_blank" rel="noreferrer">
              Open the sharing page (production)
            </a>
          </p>
          {readOnlyReason ? (
            <Tooltip content={readOnlyReason}>
              <span tabIndex={0}>{saveButton}</span>
            </Tooltip>
          ) : (
            saveButton
          )}
        </form>
        <aside aria-labelledby="webchat-preview-heading" style={{ position: 'sticky', top: 16 }}>
          <h3 id="webchat-preview-heading" className="bp6-heading" style={{ fontSize: 16 }}>
            Live preview
          </h3>
          <p className="bp6-text-muted" style={{ fontSize: 13 }}>
            Follows the form before you save; talks to the draft environment.
          </p>
          <div data-testid="webchat-preview" style={{ height: 640, border: '1px dashed #8f99a8', borderRadius: 8, background: '#fff' }}>
            <ChatWidget settings={preview} client={client} mode="contained" defaultOpen />
          </div>
        </aside>
      </div>
      {prompt}
    </section>
  );
});

interface FieldProps {
  spec: FieldSpec;
  value: string | boolean;
  error?: string;
  readOnlyReason?: string;
  inputRef: (el: HTMLElement | null) => void;
  onChange: (value: string | boolean) => void;
  onBlur: () => void;
}

function Field(props: FieldProps) {
  const { spec, value, error, readOnlyReason } = props;
  const id = `webchat-${spec.field}`;
  const readOnly = Boolean(readOnlyReason);
  const describedBy = [spec.help ? `${id}-help` : '', error ? `${id}-error` : '', readOnly ? 'webchat-read-only' : ''].filter(Boolean).join(' ') || undefined;
  const helper = (
    <>
      {spec.help && <span id={`${id}-help`}>{spec.help}</span>}
      {error && (
        <span id={`${id}-error`} className="civic-field-error">
          {' '}
          {error}
        </span>
      )}
    </>
  );
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, onBlur: props.onBlur };

  if (spec.kind === 'switch') {
    return (
      <Switch
        {...common}
        inputRef={props.inputRef}
        label={spec.label}
        checked={value === true}
        disabled={readOnly}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
    );
  }

  let control;
  if (spec.kind === 'select') {
    control = (
      <HTMLSelect {...common} ref={props.inputRef} value={String(value)} disabled={readOnly} onChange={(e) => props.onChange(e.currentTarget.value)} options={spec.options?.map((o) => ({ value: o.value, label: o.label }))} />
    );
  } else if (spec.kind === 'textarea') {
    control = <TextArea {...common} inputRef={props.inputRef} fill readOnly={readOnly} value={String(value)} onChange={(e) => props.onChange(e.target.value)} />;
  } else if (spec.kind === 'colour') {
    const hex = String(value);
    control = (
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <input
          type="color"
          aria-label={`${spec.label} picker`}
          value={HEX_COLOUR.test(hex) ? hex.toLowerCase() : '#000000'}
          disabled={readOnly}
          onChange={(e) => props.onChange(e.target.value.toUpperCase())}
          style={{ width: 40, height: 30, padding: 0, border: '1px solid #8f99a8' }}
        />
        <InputGroup {...common} inputRef={props.inputRef} readOnly={readOnly} value={hex} intent={error ? 'danger' : 'none'} onChange={(e) => props.onChange(e.target.value)} />
      </div>
    );
  } else {
    control = (
      <InputGroup
        {...common}
        inputRef={props.inputRef}
        type={spec.kind === 'number' ? 'number' : spec.kind === 'url' ? 'url' : 'text'}
        readOnly={readOnly}
        value={String(value)}
        intent={error ? 'danger' : 'none'}
        onChange={(e) => props.onChange(e.target.value)}
      />
    );
  }
  return (
    <FormGroup label={spec.label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={helper}>
      {readOnly ? (
        <Tooltip content={readOnlyReason} placement="top-start">
          {control}
        </Tooltip>
      ) : (
        control
      )}
    </FormGroup>
  );
}

/** The text/background pairs with their ratios, so the contrast rule is visible while choosing. */
function ContrastTable(props: { settings: ReturnType<typeof fromFormValues> }) {
  return (
    <table className="bp6-html-table bp6-compact" aria-label="Colour contrast" style={{ marginBottom: 12 }}>
      <thead>
        <tr>
          <th scope="col">Pair</th>
          <th scope="col">Contrast</th>
        </tr>
      </thead>
      <tbody>
        {CONTRAST_PAIRS.map((pair) => {
          const a = props.settings[pair.text];
          const b = props.settings[pair.background];
          const valid = typeof a === 'string' && typeof b === 'string' && HEX_COLOUR.test(a) && HEX_COLOUR.test(b);
          const ratio = valid ? contrastRatio(a, b) : null;
          return (
            <tr key={pair.label}>
              <td>{pair.label}</td>
              <td>{ratio === null ? '—' : `${ratio.toFixed(2)}:1 ${ratio >= MIN_CONTRAST ? 'passes AA' : 'fails AA'}`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
