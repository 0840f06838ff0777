import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, InputGroup, Intent, Spinner, Tag, TextArea } from '@civic/sdk/web/blueprint';
import { useCallback, useEffect, useState, type FormEvent } from '@civic/sdk/web/react';
import { ApiClient, EmptyState, isApiError, Page, ToastService, usePolling, useService } from '@civic/sdk/web';
import {
  DialogFlowApi,
  ENGINE_LABELS,
  ENGINE_SERVICES,
  ENVIRONMENTS,
  type DialogFlowAppRow,
  type EngineConfig,
  type EngineService,
  type Environment,
  type TestMessageResult,
  type TrainingStatus,
} from '../common/api';
import { EngineMessages } from '../common/messages';

export const TRAINING_POLL_MS = 1_000;

function trainingLabel(status: TrainingStatus): string {
  if (status.state === 'training') return `${EngineMessages.training} ${Math.round(status.progress * 100)}%`;
  if (status.state === 'trained') return `Trained (${status.phrases} phrases)`;
  if (status.state === 'failed') return 'Training failed';
  return 'Not trained yet';
}

function errorText(error: unknown): string {
  return isApiError(error) ? error.message : 'Error encountered';
}

/** /dialogFlow (platform admins): the engine per app and environment, handler URLs, and test a message. */
export function DialogFlowPage() {
  const api = useService<ApiClient>(ApiClient);
  const [rows, setRows] = useState<DialogFlowAppRow[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<EngineConfig | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setRows((await api.get<{ apps: DialogFlowAppRow[] }>(DialogFlowApi.list())).apps);
    } catch (error) {
      setLoadError(errorText(error));
    }
  }, [api]);
  useEffect(() => void load(), [load]);
  // Training runs as a job: while some model trains, its progress is fetched again every second.
  const training = rows?.some((row) => ENVIRONMENTS.some((environment) => row.training[environment].state === 'training')) ?? false;
  usePolling(training, () => void load(), TRAINING_POLL_MS);

  return (
    <Page title="Dialog engine config" description="Which engine answers for each chat app, in draft and in production, and how it answers a test message.">
      {loadError && (
        <Callout intent={Intent.DANGER} title="The apps could not be loaded">
          {loadError} <Button variant="minimal" text="Retry" onClick={() => void load()} />
        </Callout>
      )}
      {!rows && !loadError && <Spinner aria-label="Loading" />}
      {rows && rows.length === 0 && <EmptyState title="No chat apps yet" description="Apps appear here once they are created." />}
      {rows && rows.length > 0 && (
        <>
          <TestMessagePanel apps={rows} />
          <HTMLTable className="dialog-engine-table" compact striped>
            <caption>Engines by app and environment</caption>
            <thead>
              <tr>
                <th scope="col">App</th>
                <th scope="col">Environment</th>
                <th scope="col">Engine</th>
                <th scope="col">Handlers</th>
                <th scope="col">Training</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.flatMap((row) =>
                row.configs.map((config) => (
                  <tr key={`${row.appId}-${config.environment}`}>
                    <td>
                      {row.appName} ({row.appId})
                    </td>
                    <td>{config.environment}</td>
                    <td>{ENGINE_LABELS[config.engine] ?? config.engine}</td>
                    <td>{config.engine === 'CIVIC_X' ? `${config.qnaHandler ?? '—'} · ${config.dialogHandler ?? '—'}` : config.engine === 'REDIRECTION_ENGINE' ? config.linkedAppIds.join(', ') || '—' : '—'}</td>
                    <td>
                      <Tag minimal intent={row.training[config.environment].state === 'failed' ? 'danger' : 'none'}>{trainingLabel(row.training[config.environment])}</Tag>
                    </td>
                    <td>
                      <Button size="small" variant="minimal" intent="primary" text="Configure" aria-label={`Configure ${row.appName} ${config.environment}`} onClick={() => setEditing(config)} />
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </HTMLTable>
        </>
      )}
      {editing && (
        <ConfigureDialog
          config={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </Page>
  );
}

function ConfigureDialog({ config, onClose, onSaved }: { config: EngineConfig; onClose: () => void; onSaved: () => void }) {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const [engine, setEngine] = useState<EngineService>(config.engine);
  const [qnaHandler, setQnaHandler] = useState(config.qnaHandler ?? '');
  const [dialogHandler, setDialogHandler] = useState(config.dialogHandler ?? '');
  const [linked, setLinked] = useState(config.linkedAppIds.join(', '));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await api.put(DialogFlowApi.config(config.appId, config.environment), {
        engine,
        qnaHandler,
        dialogHandler,
        linkedAppIds: linked
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      });
      toasts.notify(EngineMessages.saved);
      onSaved();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={`Engine for ${config.appId} (${config.environment})`}>
      <form onSubmit={(event) => void save(event)}>
        <DialogBody>
          {error && (
            <Callout intent={Intent.DANGER} role="alert">
              {error}
            </Callout>
          )}
          <FormGroup label="Engine" labelFor="engine-service">
            <HTMLSelect id="engine-service" value={engine} onChange={(event) => setEngine(event.currentTarget.value as EngineService)} fill>
              {ENGINE_SERVICES.map((service) => (
                <option key={service} value={service}>
                  {ENGINE_LABELS[service]}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {engine === 'CIVIC_X' && (
            <>
              <FormGroup label="Q&A handler URL" labelFor="qna-handler" helperText="Both handlers are required for an external engine.">
                <InputGroup id="qna-handler" value={qnaHandler} onChange={(event) => setQnaHandler(event.currentTarget.value)} placeholder="https://" />
              </FormGroup>
              <FormGroup label="Dialog handler URL" labelFor="dialog-handler">
                <InputGroup id="dialog-handler" value={dialogHandler} onChange={(event) => setDialogHandler(event.currentTarget.value)} placeholder="https://" />
              </FormGroup>
            </>
          )}
          {engine === 'REDIRECTION_ENGINE' && (
            <FormGroup label="Linked app ids" labelFor="linked-apps" helperText="Comma-separated; the most confident linked app answers.">
              <InputGroup id="linked-apps" value={linked} onChange={(event) => setLinked(event.currentTarget.value)} />
            </FormGroup>
          )}
        </DialogBody>
        <DialogFooter actions={<><Button text="Cancel" onClick={onClose} /><Button type="submit" intent="primary" text="Save" loading={saving} /></>} />
      </form>
    </Dialog>
  );
}

function TestMessagePanel({ apps }: { apps: DialogFlowAppRow[] }) {
  const api = useService<ApiClient>(ApiClient);
  const [appId, setAppId] = useState(apps[0]?.appId ?? '');
  const [environment, setEnvironment] = useState<Environment>('draft');
  const [text, setText] = useState('');
  const [result, setResult] = useState<TestMessageResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const test = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await api.post<TestMessageResult>(DialogFlowApi.test(appId, environment), { text }));
    } catch (caught) {
      setResult(null);
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="dialog-engine-test" aria-labelledby="test-a-message">
      <h2 id="test-a-message" className="bp6-heading">
        Test a message
      </h2>
      <form onSubmit={(event) => void test(event)} className="dialog-engine-test-form">
        <FormGroup label="App" labelFor="test-app" inline>
          <HTMLSelect id="test-app" value={appId} onChange={(event) => setAppId(event.currentTarget.value)}>
            {apps.map((app) => (
              <option key={app.appId} value={app.appId}>
                {app.appName}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Environment" labelFor="test-environment" inline>
          <HTMLSelect id="test-environment" value={environment} onChange={(event) => setEnvironment(event.currentTarget.value as Environment)}>
            {ENVIRONMENTS.map((env) => (
              <option key={env} value={env}>
                {env}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Message" labelFor="test-text">
          <TextArea id="test-text" value={text} onChange={(event) => setText(event.currentTarget.value)} fill rows={2} maxLength={1000} />
        </FormGroup>
        <Button type="submit" intent="primary" text="Test" loading={busy} disabled={!text.trim()} />
      </form>
      <div aria-live="polite">
        {error && (
          <Callout intent={Intent.DANGER} role="alert">
            {error}
          </Callout>
        )}
        {result && (
          <div className="dialog-engine-test-result">
            <p>
              Intent: <strong data-testid="test-intent">{result.intentName ?? 'none'}</strong>
              {result.fallback && (
                <Tag minimal intent="warning" className="dialog-engine-fallback">
                  Fallback
                </Tag>
              )}
            </p>
            <p>
              Confidence: <strong data-testid="test-confidence">{result.confidence.toFixed(3)}</strong>
            </p>
            {result.messages.map((message, i) => (message.type === 'text' ? <p key={i}>Reply: {message.text.join(' ')}</p> : <p key={i}>Reply: a {message.type} message</p>))}
            <HTMLTable compact>
              <caption>Top matches</caption>
              <thead>
                <tr>
                  <th scope="col">Intent</th>
                  <th scope="col">Score</th>
                </tr>
              </thead>
              <tbody>
                {result.topMatches.map((match) => (
                  <tr key={`${match.intentId}-${match.intentName}`}>
                    <td>{match.intentName}</td>
                    <td>{match.score.toFixed(3)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </div>
    </section>
  );
}
