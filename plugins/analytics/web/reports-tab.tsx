import { Button, Callout, Checkbox, FormGroup, HTMLSelect, Switch } from '@civic/sdk/web/blueprint';
import { ApiClient, errorMessage, LoadError, PageSkeleton, ToastService, useService } from '@civic/sdk/web';
import { useCallback, useEffect, useState, type FormEvent } from '@civic/sdk/web/react';
import './analytics.css';
import { ReportsApi, type ReportFormat, type ReportFrequency, type ReportSchedule, type ReportScheduleView } from '../common/api';

interface Draft {
  frequency: ReportFrequency;
  format: ReportFormat;
  recipients: string[];
  enabled: boolean;
}

/** App settings, Reports: the scheduled bot-summary e-mail (weekly or monthly, PDF or CSV) to chosen members, and "Send now". */
export function ReportsTab({ appId }: { appId: string }) {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const [view, setView] = useState<ReportScheduleView | undefined>();
  const [loadError, setLoadError] = useState<unknown>();
  const [draft, setDraft] = useState<Draft>({ frequency: 'weekly', format: 'pdf', recipients: [], enabled: true });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'send' | null>(null);

  const load = useCallback(() => {
    setLoadError(undefined);
    api
      .get<ReportScheduleView>(ReportsApi.schedule(appId))
      .then((v) => {
        setView(v);
        if (v.schedule) setDraft({ frequency: v.schedule.frequency, format: v.schedule.format, recipients: v.schedule.recipients, enabled: v.schedule.enabled });
      })
      .catch(setLoadError);
  }, [api, appId]);
  useEffect(load, [load]);

  if (loadError !== undefined) return <LoadError title="The report schedule could not be loaded" error={errorMessage(loadError)} onRetry={load} />;
  if (!view) return <PageSkeleton lines={6} />;

  const toggle = (email: string, on: boolean) => setDraft((d) => ({ ...d, recipients: on ? [...d.recipients, email] : d.recipients.filter((e) => e !== email) }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (draft.recipients.length === 0) {
      setProblem('Choose at least one member to receive the report');
      document.getElementById('reports-recipients')?.querySelector('input')?.focus();
      return;
    }
    setBusy('save');
    try {
      const schedule = await api.put<ReportSchedule>(ReportsApi.schedule(appId), draft);
      setView((v) => (v ? { ...v, schedule } : v));
      toasts.notify('Saved');
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function sendNow() {
    setProblem(null);
    setBusy('send');
    try {
      const result = await api.post<{ sent: string[] }>(ReportsApi.sendNow(appId));
      toasts.notify(`Report sent to ${result.sent.length} member${result.sent.length === 1 ? '' : 's'}`);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="reports-heading" className="civic-settings-section">
      <h2 id="reports-heading" className="civic-section-title">
        Reports
      </h2>
      <p className="bp6-text-muted">The bot summary by e-mail: containment, fallback rate, CSAT, busiest hours and the versions published, for the week or month ending the day before.</p>
      <form onSubmit={(e) => void save(e)} aria-label="Report schedule" noValidate>
        <Switch label="Send the report on schedule" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.currentTarget.checked })} />
        <FormGroup label="How often" labelFor="reports-frequency" helperText="Weekly reports go out on Mondays, monthly ones on the 1st, at 08:00.">
          <HTMLSelect id="reports-frequency" value={draft.frequency} onChange={(e) => setDraft({ ...draft, frequency: e.target.value as ReportFrequency })}>
            <option value="weekly">Weekly</option>
            <option value="monthly">Monthly</option>
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Format" labelFor="reports-format" helperText="CSV goes in the e-mail; PDF is a download link to the bot summary.">
          <HTMLSelect id="reports-format" value={draft.format} onChange={(e) => setDraft({ ...draft, format: e.target.value as ReportFormat })}>
            <option value="pdf">PDF</option>
            <option value="csv">CSV</option>
          </HTMLSelect>
        </FormGroup>
        <fieldset id="reports-recipients" className="civic-reports-recipients" aria-invalid={problem !== null && draft.recipients.length === 0 ? true : undefined}>
          <legend>Recipients</legend>
          {view.members.length === 0 && <p className="bp6-text-muted">This app has no active members yet.</p>}
          {view.members.map((m) => (
            <Checkbox key={m.email} label={`${m.name} (${m.email})`} checked={draft.recipients.includes(m.email)} onChange={(e) => toggle(m.email, e.currentTarget.checked)} />
          ))}
        </fieldset>
        {problem && (
          <Callout intent="danger" role="alert" className="civic-form-notice">
            {problem}
          </Callout>
        )}
        <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
          <Button type="submit" intent="primary" text="Save" loading={busy === 'save'} />
          <Button text="Send now" disabled={!view.schedule} title={view.schedule ? undefined : 'Save a report schedule first'} loading={busy === 'send'} onClick={() => void sendNow()} />
        </div>
        {view.schedule?.lastSentAt && <p className="bp6-text-muted">Last sent {new Date(view.schedule.lastSentAt).toLocaleString()}.</p>}
      </form>
    </section>
  );
}
