import { FormGroup, HTMLSelect, InputGroup, Radio, RadioGroup } from '@civic/sdk/web/blueprint';
import { Link } from '@civic/sdk/web/router';
import { WEBHOOK_STATES, type IntentKind, type WebhookState } from '../contract/common/knowledge/index';
import type { IntentRow } from '../common/api';
import { editorPath } from './paths';

const WEBHOOK_LABELS: Record<WebhookState, string> = {
  WEBHOOK_STATE_UNSPECIFIED: 'Unspecified (no webhook)',
  WEBHOOK_STATE_ENABLED: 'Enabled',
  WEBHOOK_STATE_ENABLED_FOR_SLOT_FILLING: 'Enabled for slot filling',
};

interface Props {
  appId: string;
  intentId?: string;
  webhookState: WebhookState;
  parentId: string | null;
  action: string;
  onChange(patch: { webhook_state?: WebhookState; parentId?: string | null; action?: string }): void;
  readOnly: boolean;
  /** Level 1 candidates for the parent (the intent's own subtree is refused by the server). */
  parents: Array<Pick<IntentRow, 'id' | 'displayName' | 'level'>>;
  childrenOf: Array<{ id: string; displayName: string }>;
  kind: IntentKind;
}

/** §3 Intent config: webhook state and the family (parent, follow-ups). */
export function ConfigTab({ appId, intentId, webhookState, parentId, action, onChange, readOnly, parents, childrenOf, kind }: Props) {
  return (
    <div className="civic-kb-stack">
      <RadioGroup label="Webhook" disabled={readOnly} selectedValue={webhookState} onChange={(e) => onChange({ webhook_state: e.currentTarget.value as WebhookState })}>
        {WEBHOOK_STATES.map((state) => (
          <Radio key={state} value={state} label={WEBHOOK_LABELS[state]} />
        ))}
      </RadioGroup>
      <FormGroup label="Action" labelFor="kb-action">
        <InputGroup id="kb-action" readOnly={readOnly} value={action} onChange={(e) => onChange({ action: e.target.value })} />
      </FormGroup>
      <FormGroup label="Parent intent" labelFor="kb-parent" helperText="A follow-up intent answers only right after its parent.">
        <HTMLSelect
          id="kb-parent"
          disabled={readOnly}
          value={parentId ?? ''}
          onChange={(e) => onChange({ parentId: e.target.value || null })}
          options={[{ value: '', label: 'None (level 1 intent)' }, ...parents.filter((p) => p.id !== intentId).map((p) => ({ value: p.id, label: `${'— '.repeat(p.level - 1)}${p.displayName}` }))]}
        />
      </FormGroup>
      <section aria-labelledby="kb-children">
        <h3 id="kb-children" className="civic-card-title">
          Follow-up intents
        </h3>
        {childrenOf.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul>
            {childrenOf.map((child) => (
              <li key={child.id}>
                <Link to={editorPath(appId, kind, readOnly ? 'view' : 'edit', child.id)}>{child.displayName}</Link>
              </li>
            ))}
          </ul>
        )}
        {intentId && !readOnly && <Link to={`${editorPath(appId, 'intent', 'create')}?parentId=${encodeURIComponent(intentId)}`}>Add a follow-up intent</Link>}
      </section>
    </div>
  );
}
