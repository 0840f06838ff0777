import { Button, Callout, FormGroup, InputGroup, Tag } from '@civic/sdk/web/blueprint';
import { FloppyDiskIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { useMemo } from '@civic/sdk/web/react';
import { Link } from '@civic/sdk/web/router';
import { IntentEditorSlot } from '../contract/intent-editor-slot';
import { type IntentKind } from '../contract/common/knowledge/index';
import { PLATFORM_LABELS, switchedOffKinds } from '../contract/common/responses/index';
import { EmptyState, Page, PageSkeleton, PanelSlot, useAccess, useAccessContext, useSaveShortcut, LoadError } from '@civic/sdk/web';
import { KbMessages } from '../common/messages';
import { canEditKnowledgeBase } from '../common/permissions';
import { IntentTabs } from './intent-tabs';
import { useLookups } from './lookups';
import { type EditorMode } from './paths';
import { useIntentDraft } from './use-intent-draft';
import './knowledge-base.css';

interface Props {
  appId: string;
  kind: IntentKind;
  mode: EditorMode;
  intentId?: string;
}

/** The intent and Q&A detail page (§2 Intent detail): phrases, parameters, config, one tab per channel. */
export const IntentEditor = observer(function IntentEditor({ appId, kind, mode, intentId }: Props) {
  const canEdit = useAccess(canEditKnowledgeBase).allowed;
  const switches = useAccessContext().switches;
  const switchedOff = useMemo(() => switchedOffKinds(switches), [switches]);
  const readOnly = mode === 'view' || !canEdit;
  const lookups = useLookups(appId);
  const isQna = kind === 'qna';
  const editing = useIntentDraft({ appId, kind, mode, intentId, readOnly });
  const { loaded, draft, change, load, save } = editing;
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
        {editing.loadError ? (
          <LoadError title={`The ${title.toLowerCase()} could not be loaded`} error={editing.loadError} onRetry={() => void load()} />
        ) : (
          <PageSkeleton lines={6} />
        )}
      </Page>
    );
  }

  const emptyChannels = draft.responses.filter((c) => c.messages.length === 0);
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
          <Button intent="primary" icon={<FloppyDiskIcon />} text="Save" loading={editing.saving} onClick={() => void save()} />
        )
      }
    >
      {editing.prompt}
      {editing.conflict && (
        <Callout intent="warning" role="alert" title="Saved by someone else" className="civic-form-notice">
          <p>{KbMessages.intentConflict}</p>
          <Button text="Reload" onClick={() => void load()} />
        </Callout>
      )}
      {editing.saveError && (
        <Callout intent="danger" role="alert" className="civic-form-notice">
          {editing.saveError}
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
        <IntentTabs
          appId={appId}
          kind={kind}
          draft={draft}
          loaded={loaded}
          change={change}
          readOnly={readOnly}
          appEntities={lookups.entities}
          parents={editing.parents}
          responseProblems={editing.responseProblems}
          onResponsesChanged={editing.clearResponseProblems}
          switchedOff={switchedOff}
        />
        <PanelSlot slot={IntentEditorSlot} appId={appId} context={{ intentId: loaded?.id, mode }} />
      </div>
    </Page>
  );
});
