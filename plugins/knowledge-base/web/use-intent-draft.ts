import { Messages } from '@civic/sdk/common/messages';
import { useCallback, useEffect, useState } from '@civic/sdk/web/react';
import { useNavigate, useSearchParams } from '@civic/sdk/web/router';
import { ApiClient, isApiError, ToastService } from '@civic/sdk/web/services';
import { errorMessage, useService, useUnsavedChangesPrompt } from '@civic/sdk/web';
import type { Intent, IntentKind } from '../contract/common/knowledge/index';
import { DEFAULT_PLATFORM, type ResponseProblem } from '../contract/common/responses/index';
import { responseProblemsOf } from '../contract/web/responses/response-problems';
import { KbApi, type IntentDetail, type IntentListResponse, type IntentResponse, type IntentRow } from '../common/api';
import { KbMessages } from '../common/messages';
import { editorPath, type EditorMode } from './paths';

/** The DTO check, fetched on a first save (class-validator is not on the editor's path). */
const checks = () => import('./intent-checks');

/** What the editor changes; saved as the PUT/POST body (plus `version`). */
export type IntentDraft = Pick<
  Intent,
  'kind' | 'displayName' | 'parentId' | 'webhook_state' | 'action' | 'events' | 'inputContexts' | 'outputContexts' | 'trainingPhrases' | 'parameters' | 'responses' | 'answerOwner' | 'sourceUrl' | 'reviewBy'
>;

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

interface Options {
  appId: string;
  kind: IntentKind;
  mode: EditorMode;
  intentId?: string;
  readOnly: boolean;
}

/**
 * The intent editor's state: the intent as loaded, the draft and the prompt before leaving it unsaved,
 * the parents a follow-up may hang under, and the save (DTO check first, the version against a concurrent save; a
 * new intent's URL follows its first save once the page is clean).
 */
export function useIntentDraft({ appId, kind, mode, intentId, readOnly }: Options) {
  const api = useService<ApiClient>(ApiClient);
  const toasts = useService<ToastService>(ToastService);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const isQna = kind === 'qna';

  const [loaded, setLoaded] = useState<IntentDetail | null>(null);
  const [draft, setDraft] = useState<IntentDraft | null>(mode === 'create' ? blankDraft(kind, searchParams.get('parentId')) : null);
  const [baseline, setBaseline] = useState(() => (draft ? JSON.stringify(draft) : ''));
  const [loadError, setLoadError] = useState('');
  const [saveError, setSaveError] = useState('');
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
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
  // Before the navigation below: the router's blocker takes the clean state in an effect of this
  // hook, and an effect declared earlier runs first (else the move to the saved intent is held).
  const prompt = useUnsavedChangesPrompt(dirty);

  // After the first save of a new intent the URL names it; navigate once the page is clean.
  useEffect(() => {
    if (goTo && !dirty) {
      navigate(goTo, { replace: true });
      setGoTo(null);
    }
  }, [goTo, dirty, navigate]);

  const change = useCallback((patch: Partial<IntentDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d)), []);
  const clearResponseProblems = useCallback(() => setResponseProblems(undefined), []);

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

  return { loaded, draft, prompt, change, load, save, saving, loadError, saveError, conflict, parents, responseProblems, clearResponseProblems };
}
