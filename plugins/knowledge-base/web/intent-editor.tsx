import { Button, Callout, FormGroup, InputGroup, Tab, Tabs, Tag } from '@civic/sdk/web/blueprint';
import { FloppyDiskIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from '@civic/sdk/web/react';
import { Link, useNavigate, useSearchParams } from '@civic/sdk/web/router';
import { ApiClient, isApiError, ToastService } from '@civic/sdk/web/services';
import { IntentEditorSlot } from '../contract/intent-editor-slot';
import { entityRef } from '../../entities/contract/common/index';
import { paramNameOf, type ActionParameter, type IntentKind, type OutputContext, type TrainingPhrase, type WebhookState } from '../contract/common/knowledge/index';
import { Messages } from '@civic/sdk/common/messages';
import { DEFAULT_PLATFORM, PLATFORM_LABELS, switchedOffKinds, type ChannelResponses, type ResponseProblem } from '../contract/common/responses/index';
import { responseProblemsOf } from '../contract/web/responses/response-problems';
import { EmptyState, errorMessage, Page, PageSkeleton, PanelSlot, useAccess, useAccessContext, useSaveShortcut, useService, useUnsavedChangesPrompt, LoadError } from '@civic/sdk/web';
import { KbApi, type IntentDetail, type IntentListResponse, type IntentResponse, type IntentRow } from '../common/api';
import { KbMessages } from '../common/messages';
import { canEditKnowledgeBase } from '../common/permissions';
import { ConfigTab } from './config-tab';
import { SYSTEM_ENTITIES } from './entity-colours';
import { useLookups } from './lookups';
import { newParameter, ParametersTab } from './parameters-tab';
import { editorPath, type EditorMode } from './paths';
import { PhrasesTab } from './phrases-tab';
import './knowledge-base.css';

/** The DTO check, fetched on a first save (class-validator is not on the editor's path). */
const checks = () => import('./intent-checks');
/**
 * The Responses (Answer) tab's editor, fetched when the tab is first opened: the page opens on the
 * phrases, and the editor brings the message editors, their DTO checks (class-validator) and
 * Blueprint's popover and menu code (~45 KiB gzip) that the first paint does not show (issue 16).
 */
const ChannelResponsesEditor = lazy(() => import('../contract/web/responses/editors').then((module) => ({ default: module.ChannelResponsesEditor })));

/** What the editor changes; saved as the PUT/POST body (plus `version`). */
export interface IntentDraft {
  kind: IntentKind;
  displayName: string;
  parentId: string | null;
  webhook_state: WebhookState;
  action: string;
  events: string[];
  inputContexts: string[];
  outputContexts: OutputContext[];
  trainingPhrases: TrainingPhrase[];
  parameters: ActionParameter[];
  responses: ChannelResponses[];
  answerOwner: string | null;
  sourceUrl: string | null;
  reviewBy: string | null;
}

function blankDraft(kind: IntentKind, parentId: string | null): IntentDraft {
  return {
    kind,
    displayName: '',
    parentId,
    webhook_state: 'WEBHOOK_STATE_UNSPECIFIED',
    action: '',
    events: [],
    inputContexts: [],
    outputContexts: [],
    trainingPhrases: [],
    parameters: [],
    responses: [{ platform: DEFAULT_PLATFORM, enable_default_response: true, messages: [] }],
    answerOwner: null,
    sourceUrl: null,
    reviewBy: null,
  };
}

function draftOf(intent: IntentDetail): IntentDraft {
  const { kind, displayName, parentId, webhook_state, action, events, inputContexts, outputContexts, trainingPhrases, parameters, responses, answerOwner, sourceUrl, reviewBy } = intent;
  return { kind, displayName, parentId, webhook_state, action, events, inputContexts, outputContexts, trainingPhrases, parameters, responses, answerOwner, sourceUrl, reviewBy };
}

interface Props {
  appId: string;
  kind: IntentKind;
  mode: EditorMode;
  intentId?: string;
}

/** The intent and Q&A detail page (§2 Intent detail): phrases, parameters, config, one tab per channel. */
export const IntentEditor = observer(function IntentEditor({ appId, kind, mode, intentId }: Props) {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const canEdit = useAccess(canEditKnowledgeBase).allowed;
  const switches = useAccessContext().switches;
  const switchedOff = useMemo(() => switchedOffKinds(switches), [switches]);
  const readOnly = mode === 'view' || !canEdit;
  const lookups = useLookups(appId);
  const isQna = kind === 'qna';

  const [loaded, setLoaded] = useState<IntentDetail | null>(null);
  const [draft, setDraft] = useState<IntentDraft | null>(mode === 'create' ? blankDraft(kind, searchParams.get('parentId')) : null);
  const [baseline, setBaseline] = useState(() => (draft ? JSON.stringify(draft) : ''));
  const [loadError, setLoadError] = useState('');
  const [saveError, setSaveError] = useState('');
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState('phrases');
  const [goTo, setGoTo] = useState<string | null>(null);
  const [parents, setParents] = useState<IntentRow[]>([]);
  const [responseProblems, setResponseProblems] = useState<ResponseProblem[] | undefined>(undefined);

  const load = useCallback(async () => {
    if (!intentId) return;
    setLoadError('');
    try {
      const { intent } = await api.get<IntentResponse>(KbApi.intent(appId, intentId));
      const next = draftOf(intent);
      setLoaded(intent);
      setDraft(next);
      setBaseline(JSON.stringify(next));
      setConflict(false);
      setSaveError('');
    } catch (error) {
      setLoadError(errorMessage(error));
    }
  }, [api, appId, intentId]);

  useEffect(() => {
    if (mode !== 'create') void load();
  }, [load, mode]);

  useEffect(() => {
    if (isQna || readOnly) return;
    api
      .get<IntentListResponse>(KbApi.intents(appId), { query: { kind: 'intent', limit: 1000 } })
      .then((data) => setParents(data.rows))
      .catch(() => setParents([]));
  }, [api, appId, isQna, readOnly]);

  const dirty = !readOnly && draft !== null && JSON.stringify(draft) !== baseline;
  const prompt = useUnsavedChangesPrompt(dirty);

  // After the first save of a new intent the URL names it; navigate once the page is clean.
  useEffect(() => {
    if (goTo && !dirty) {
      navigate(goTo, { replace: true });
      setGoTo(null);
    }
  }, [goTo, dirty, navigate]);

  const entities = useMemo(() => [...new Set([...lookups.entities.map((e) => entityRef(e.name)), ...SYSTEM_ENTITIES])], [lookups.entities]);
  const change = (patch: Partial<IntentDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  const save = useCallback(async () => {
    if (readOnly || !draft || saving) return;
    const body = { ...draft, responses: draft.responses };
    setSaving(true);
    const problems = await checks().then(
      (module) => module.intentProblems(body),
      () => [],
    );
    if (problems.length > 0) {
      setSaveError(problems[0]);
      setSaving(false);
      return;
    }
    setSaveError('');
    try {
      const { intent } =
        mode === 'create' || !loaded
          ? await api.post<IntentResponse>(KbApi.intents(appId), body)
          : await api.put<IntentResponse>(KbApi.intent(appId, loaded.id), { ...body, version: loaded.version });
      const next = draftOf(intent);
      setLoaded(intent);
      setDraft(next);
      setBaseline(JSON.stringify(next));
      toasts.notify(Messages.saved);
      void api.post('/api/v1/feature-usages', { appId, event: 'click', feature: mode === 'create' ? 'intent-create' : 'intent-save', module: 'knowledge-base', intentId: intent.id, intentName: intent.displayName }).catch(() => undefined);
      if (mode === 'create') setGoTo(editorPath(appId, intent.kind, 'edit', intent.id));
    } catch (error) {
      setResponseProblems(responseProblemsOf(error));
      if (isApiError(error) && error.status === 409 && mode !== 'create' && error.message === KbMessages.intentConflict) setConflict(true);
      else setSaveError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }, [readOnly, draft, saving, mode, loaded, api, appId, toasts]);
  useSaveShortcut(() => void save(), !readOnly);

  const title = isQna ? 'Q&A pair' : 'Intent';
  // A viewer who follows a "new intent" link gets the reason, never an empty form they cannot save.
  if (mode === 'create' && !canEdit) {
    return (
      <Page title={`New ${title.toLowerCase()}`}>
        <EmptyState
          title={`You can view this app's ${isQna ? 'Q&A pairs' : 'intents'} but not create them`}
          description="Creating and changing the knowledge base needs the Editor or Admin role on this app. An admin of the app can change your role on its Team page."
          action={<Link className="bp6-button" to={`/intents/${encodeURIComponent(appId)}`}>Back to the list</Link>}
        />
      </Page>
    );
  }
  if (!draft) {
    return (
      <Page title={title}>
        {loadError ? (
          <LoadError title={`The ${title.toLowerCase()} could not be loaded`} error={loadError} onRetry={() => void load()} />
        ) : (
          <PageSkeleton lines={6} />
        )}
      </Page>
    );
  }

  const channels = draft.responses;
  const emptyChannels = channels.filter((c) => c.messages.length === 0);
  const onTagged = (entity: string) => {
    const name = paramNameOf(entity).replace(/[^A-Za-z0-9_-]/g, '_');
    if (draft.parameters.some((p) => p.display_name === name) || draft.parameters.length >= 20) return;
    change({ parameters: [...draft.parameters, newParameter(name, entity)] });
  };
  const level = loaded?.parent ? 'Follow-up intent' : 'Level 1 intent';

  return (
    <Page
      title={mode === 'create' ? `New ${title.toLowerCase()}` : draft.displayName || title}
      description={
        <span>
          {mode === 'create' ? `Create ${isQna ? 'a Q&A pair' : 'an intent'}.` : readOnly ? 'Read only.' : `Editing. Ctrl+S saves.`} {!isQna && mode !== 'create' && <Tag minimal>{level}</Tag>}
          {loaded?.defaultKind && <Tag minimal>Default</Tag>}
        </span>
      }
      actions={
        !readOnly && (
          <Button intent="primary" icon={<FloppyDiskIcon />} text="Save" loading={saving} onClick={() => void save()} />
        )
      }
    >
      {prompt}
      {conflict && (
        <Callout intent="warning" role="alert" title="Saved by someone else" className="civic-form-notice">
          <p>{KbMessages.intentConflict}</p>
          <Button text="Reload" onClick={() => void load()} />
        </Callout>
      )}
      {saveError && (
        <Callout intent="danger" role="alert" className="civic-form-notice">
          {saveError}
        </Callout>
      )}
      {emptyChannels.length > 0 && !readOnly && (
        <Callout intent="warning" title={KbMessages.channelWithoutResponses} className="civic-form-notice">
          {KbMessages.createOneResponse} ({emptyChannels.map((c) => PLATFORM_LABELS[c.platform]).join(', ')})
        </Callout>
      )}
      <div className="civic-kb-stack">
        <FormGroup label={isQna ? 'Question' : 'Intent name'} labelFor="kb-intent-name">
          <InputGroup id="kb-intent-name" readOnly={readOnly} value={draft.displayName} onChange={(e) => change({ displayName: e.target.value })} />
        </FormGroup>
        <Tabs id="intent-tabs" selectedTabId={tab} onChange={(id) => setTab(String(id))} renderActiveTabPanelOnly>
          <Tab
            id="phrases"
            title={isQna ? 'Question variants' : 'Training phrases'}
            panel={<PhrasesTab phrases={draft.trainingPhrases} onChange={(trainingPhrases) => change({ trainingPhrases })} onTagged={onTagged} readOnly={readOnly} entities={entities} noun={isQna ? 'Question variants' : 'Training phrases'} />}
          />
          {!isQna && <Tab id="parameters" title={`Parameters (${draft.parameters.length})`} panel={<ParametersTab parameters={draft.parameters} onChange={(parameters) => change({ parameters })} readOnly={readOnly} entities={entities} />} />}
          {!isQna && (
            <Tab
              id="config"
              title="Config"
              panel={
                <ConfigTab
                  appId={appId}
                  intentId={loaded?.id}
                  kind={kind}
                  webhookState={draft.webhook_state}
                  parentId={draft.parentId}
                  action={draft.action}
                  onChange={change}
                  readOnly={readOnly}
                  parents={parents}
                  childrenOf={loaded?.children ?? []}
                />
              }
            />
          )}
          {isQna && <Tab id="details" title="Answer details" panel={<AnswerDetails draft={draft} change={change} readOnly={readOnly} />} />}
          <Tab
            id="responses"
            title={isQna ? 'Answer' : 'Responses'}
            panel={
              <Suspense fallback={<PageSkeleton lines={4} />}>
                <ChannelResponsesEditor
                  idPrefix="kb-responses"
                  value={draft.responses}
                  onChange={(responses) => {
                    change({ responses });
                    setResponseProblems(undefined);
                  }}
                  readOnly={readOnly}
                  problems={responseProblems}
                  switchedOff={switchedOff}
                />
              </Suspense>
            }
          />
        </Tabs>
        <PanelSlot slot={IntentEditorSlot} appId={appId} context={{ intentId: loaded?.id, mode }} />
      </div>
    </Page>
  );
});

function AnswerDetails({ draft, change, readOnly }: { draft: IntentDraft; change(patch: Partial<IntentDraft>): void; readOnly: boolean }) {
  return (
    <div className="civic-kb-stack">
      <FormGroup label="Answer owner" labelFor="kb-owner" helperText="Who keeps this answer correct.">
        <InputGroup id="kb-owner" readOnly={readOnly} value={draft.answerOwner ?? ''} onChange={(e) => change({ answerOwner: e.target.value || null })} />
      </FormGroup>
      <FormGroup label="Source URL" labelFor="kb-source" helperText="Where the answer comes from (https).">
        <InputGroup id="kb-source" type="url" readOnly={readOnly} value={draft.sourceUrl ?? ''} onChange={(e) => change({ sourceUrl: e.target.value || null })} />
      </FormGroup>
      <FormGroup label="Review by" labelFor="kb-review">
        <InputGroup id="kb-review" type="date" readOnly={readOnly} value={draft.reviewBy ?? ''} onChange={(e) => change({ reviewBy: e.target.value || null })} />
      </FormGroup>
    </div>
  );
}
