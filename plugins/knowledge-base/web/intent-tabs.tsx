import { FormGroup, InputGroup, Tab, Tabs } from '@civic/sdk/web/blueprint';
import { lazy, Suspense, useMemo, useState, type ReactNode } from '@civic/sdk/web/react';
import { PageSkeleton } from '@civic/sdk/web';
import { entityRef } from '../../entities/contract/common/index';
import { paramNameOf, type IntentKind } from '../contract/common/knowledge/index';
import type { ResponseMessageType, ResponseProblem } from '../contract/common/responses/index';
import type { EntityRef, IntentDetail, IntentRow } from '../common/api';
import { SYSTEM_ENTITIES } from './entity-colours';
import { newParameter } from './new-parameter';
import { PhrasesTab } from './phrases-tab';
import type { IntentDraft } from './use-intent-draft';

/**
 * The Responses (Answer) tab's editor, fetched when the tab is first opened: the page opens on the
 * phrases, and the editor brings the message editors, their DTO checks (class-validator) and
 * Blueprint's popover and menu code (~45 KiB gzip) that the first paint does not show (issue 16).
 */
const ChannelResponsesEditor = lazy(() => import('../contract/web/responses/editors').then((module) => ({ default: module.ChannelResponsesEditor })));
/** An intent's Parameters and Config tabs, fetched when first opened: a Q&A pair has neither. */
const ParametersTab = lazy(() => import('./parameters-tab').then((module) => ({ default: module.ParametersTab })));
const ConfigTab = lazy(() => import('./config-tab').then((module) => ({ default: module.ConfigTab })));

interface Props {
  appId: string;
  kind: IntentKind;
  draft: IntentDraft;
  loaded: IntentDetail | null;
  change(patch: Partial<IntentDraft>): void;
  readOnly: boolean;
  /** The app's entities (lookups), offered for tagging beside the system ones. */
  appEntities: EntityRef[];
  /** Level 1 intents a follow-up may hang under (Config). */
  parents: IntentRow[];
  responseProblems: ResponseProblem[] | undefined;
  onResponsesChanged(): void;
  /** Message kinds the deployment switched off. */
  switchedOff: ResponseMessageType[];
}

/** The editor's tabs: phrases, parameters and config (intents) or answer details (Q&A), and the responses per channel. */
export function IntentTabs({ appId, kind, draft, loaded, change, readOnly, appEntities, parents, responseProblems, onResponsesChanged, switchedOff }: Props) {
  const [tab, setTab] = useState('phrases');
  const isQna = kind === 'qna';
  const entities = useMemo(() => [...new Set([...appEntities.map((e) => entityRef(e.name)), ...SYSTEM_ENTITIES])], [appEntities]);
  const onTagged = (entity: string) => {
    const name = paramNameOf(entity).replace(/[^A-Za-z0-9_-]/g, '_');
    if (draft.parameters.some((p) => p.display_name === name) || draft.parameters.length >= 20) return;
    change({ parameters: [...draft.parameters, newParameter(name, entity)] });
  };

  return (
    <Tabs id="intent-tabs" selectedTabId={tab} onChange={(id) => setTab(String(id))} renderActiveTabPanelOnly>
      <Tab
        id="phrases"
        title={isQna ? 'Question variants' : 'Training phrases'}
        panel={<PhrasesTab phrases={draft.trainingPhrases} onChange={(trainingPhrases) => change({ trainingPhrases })} onTagged={onTagged} readOnly={readOnly} entities={entities} noun={isQna ? 'Question variants' : 'Training phrases'} />}
      />
      {!isQna && <Tab id="parameters" title={`Parameters (${draft.parameters.length})`} panel={<TabCode><ParametersTab parameters={draft.parameters} onChange={(parameters) => change({ parameters })} readOnly={readOnly} entities={entities} /></TabCode>} />}
      {!isQna && (
        <Tab
          id="config"
          title="Config"
          panel={
            <TabCode>
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
            </TabCode>
          }
        />
      )}
      {isQna && <Tab id="details" title="Answer details" panel={<AnswerDetails draft={draft} change={change} readOnly={readOnly} />} />}
      <Tab
        id="responses"
        title={isQna ? 'Answer' : 'Responses'}
        panel={
          <TabCode>
            <ChannelResponsesEditor
              idPrefix="kb-responses"
              value={draft.responses}
              onChange={(responses) => {
                change({ responses });
                onResponsesChanged();
              }}
              readOnly={readOnly}
              problems={responseProblems}
              switchedOff={switchedOff}
            />
          </TabCode>
        }
      />
    </Tabs>
  );
}

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

/** A tab whose code comes when it is first opened: skeleton lines until then. */
function TabCode(props: { children: ReactNode }) {
  return <Suspense fallback={<PageSkeleton lines={4} />}>{props.children}</Suspense>;
}
