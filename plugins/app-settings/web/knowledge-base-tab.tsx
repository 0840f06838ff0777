import { Button, Callout, FormGroup, InputGroup, Radio, RadioGroup, Tooltip } from '@civic/sdk/web/blueprint';
import { FloppyDiskIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useRef, useState, type FormEvent } from '@civic/sdk/web/react';
import { KnowledgeBaseSettingsSlot } from '../contract/knowledge-base-settings-slot';
import { Messages } from '@civic/sdk/common/messages';
import { errorMessage, isApiError, PageSkeleton, PanelSlot, ToastService, useAccess, useSaveShortcut, useService, useUnsavedChangesPrompt, LoadError } from '@civic/sdk/web';
import { canEditAppSettings } from '../common/permissions';
import { AppSettingsStore } from './app-settings-store';
import {
  fromSettings,
  THRESHOLD_FIELDS,
  validateThresholds,
  type ThresholdErrors,
  type ThresholdField,
  type ThresholdValues,
} from './threshold-form';

/** Why a viewer sees the thresholds read-only (the predicate hides nothing here, it only refuses). */
export const READ_ONLY_REASON = 'Only editors and admins of this app can change these settings.';

const LABELS: Record<ThresholdField, { label: string; help: string }> = {
  mlConfidenceThreshold: {
    label: 'ML confidence threshold',
    help: 'A number from 0 to 1. Below it, a message matches no intent and gets the fallback answer.',
  },
  qnaConfidenceThreshold: {
    label: 'Q&A confidence threshold',
    help: 'A number from 0 to 1, for questions and answers. Leave empty to use the ML threshold.',
  },
};

/** Knowledge base: the two confidence thresholds (§7 PATCH settings); editors and admins may save. */
export const KnowledgeBaseTab = observer(function KnowledgeBaseTab(props: { appId: string }) {
  const { appId } = props;
  const store = useService<AppSettingsStore>(AppSettingsStore);
  const toasts = useService<ToastService>(ToastService);
  const edit = useAccess(canEditAppSettings);
  const readOnlyReason = edit.allowed ? undefined : (edit.disabledReason ?? READ_ONLY_REASON);
  const settings = store.entry(appId)?.settings;
  const entry = store.entry(appId);

  const [values, setValues] = useState<ThresholdValues | null>(null);
  const [errors, setErrors] = useState<ThresholdErrors>({});
  const [saving, setSaving] = useState(false);
  const inputs = useRef<Partial<Record<ThresholdField, HTMLInputElement | null>>>({});

  useEffect(() => {
    void store.load(appId);
  }, [store, appId]);
  // A new app (or first load) resets the form to what the server has.
  useEffect(() => {
    setValues(null);
    setErrors({});
  }, [appId]);

  const saved = settings ? fromSettings(settings) : null;
  const shown = values ?? saved;
  const dirty = Boolean(values && saved && (values.automatic !== saved.automatic || THRESHOLD_FIELDS.some((f) => values[f] !== saved[f])));
  const prompt = useUnsavedChangesPrompt(dirty && !readOnlyReason);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (readOnlyReason || !shown || saving) return;
    const { patch, errors: found } = validateThresholds(shown);
    setErrors(found);
    if (!patch) {
      const first = THRESHOLD_FIELDS.find((f) => found[f]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setSaving(true);
    try {
      await store.save(appId, patch);
      setValues(null);
      toasts.notify(Messages.saved);
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        // Map the server's field messages back onto the form (UX.md "Forms").
        const mapped: ThresholdErrors = {};
        for (const f of THRESHOLD_FIELDS) if (error.fields[f]?.[0]) mapped[f] = error.fields[f][0];
        setErrors(Object.keys(mapped).length > 0 ? mapped : { mlConfidenceThreshold: error.message });
        inputs.current[THRESHOLD_FIELDS.find((f) => mapped[f]) ?? 'mlConfidenceThreshold']?.focus();
      }
      toasts.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  useSaveShortcut(() => void save(), !readOnlyReason);

  if (!shown) {
    if (entry?.status === 'error') {
      return (
        <LoadError title="The settings could not be loaded" error={entry.error} onRetry={() => void store.load(appId)} />
      );
    }
    return <PageSkeleton lines={4} />;
  }

  const saveButton = (
    <Button type="submit" intent="primary" icon={<FloppyDiskIcon />} text="Save" loading={saving} disabled={Boolean(readOnlyReason)} />
  );

  return (
    <section aria-labelledby="kb-heading" className="civic-settings-section">
      <h2 id="kb-heading" className="civic-section-title">
        Knowledge base
      </h2>
      {readOnlyReason && (
        <Callout intent="primary" className="civic-read-only-note" id="kb-read-only">
          Read only. {readOnlyReason}
        </Callout>
      )}
      <form onSubmit={(e) => void save(e)} noValidate aria-labelledby="kb-heading">
        <RadioGroup
          label="Fallback threshold"
          name="kb-threshold-mode"
          selectedValue={shown.automatic ? 'automatic' : 'fixed'}
          disabled={Boolean(readOnlyReason)}
          onChange={(e) => {
            const automatic = e.currentTarget.value === 'automatic';
            const start = !automatic && shown.mlConfidenceThreshold === '' ? { mlConfidenceThreshold: '0.7' } : {};
            setValues({ ...shown, ...start, automatic });
            setErrors({});
          }}
        >
          <Radio value="automatic" label="Automatic: chosen from this app's own phrases each time it is trained" />
          <Radio value="fixed" label="Fixed values" />
        </RadioGroup>
        {!shown.automatic && THRESHOLD_FIELDS.map((field) => {
          const id = `kb-${field}`;
          const error = errors[field];
          const describedBy = [`${id}-help`, error ? `${id}-error` : '', readOnlyReason ? 'kb-read-only' : '']
            .filter(Boolean)
            .join(' ');
          return (
            <FormGroup
              key={field}
              label={LABELS[field].label}
              labelFor={id}
              intent={error ? 'danger' : 'none'}
              helperText={
                <>
                  <span id={`${id}-help`}>{LABELS[field].help}</span>
                  {error && (
                    <span id={`${id}-error`} className="civic-field-error">
                      {error}
                    </span>
                  )}
                </>
              }
            >
              <Tooltip content={readOnlyReason} disabled={!readOnlyReason} placement="top-start">
                <InputGroup
                  id={id}
                  inputRef={(el) => {
                    inputs.current[field] = el;
                  }}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={1}
                  step={0.01}
                  value={shown[field]}
                  readOnly={Boolean(readOnlyReason)}
                  intent={error ? 'danger' : 'none'}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy}
                  onChange={(e) => setValues({ ...shown, [field]: e.target.value })}
                  onBlur={() => setErrors((prev) => ({ ...prev, [field]: validateThresholds(shown).errors[field] }))}
                />
              </Tooltip>
            </FormGroup>
          );
        })}
        {readOnlyReason ? (
          <Tooltip content={readOnlyReason}>
            <span tabIndex={0}>{saveButton}</span>
          </Tooltip>
        ) : (
          saveButton
        )}
      </form>
      <PanelSlot slot={KnowledgeBaseSettingsSlot} appId={appId} context={{ mlConfidenceThreshold: shown.mlConfidenceThreshold, thresholdMode: shown.automatic ? 'automatic' : 'fixed' }} />
      {prompt}
    </section>
  );
});
