import { Button, ButtonGroup, InputGroup } from '@civic/sdk/web/blueprint';
import { useState, type ReactNode } from '@civic/sdk/web/react';
import { errorMessage, ToastService, useService } from '@civic/sdk/web';
import { Timing } from '@civic/sdk/common/messages';

/** One suggested phrase for an intent: edit it, then approve (as is or edited) or reject it. */
export function PhraseDecisionRow(props: {
  id: string;
  intentName: string;
  suggestion: string;
  canDecide: boolean;
  reason?: string;
  tags?: ReactNode;
  onApprove(text: string): Promise<void>;
  onReject(): Promise<void>;
}) {
  const toasts = useService<ToastService>(ToastService);
  const [text, setText] = useState(props.suggestion);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);

  async function decide(kind: 'approve' | 'reject') {
    if (kind === 'approve' && !text.trim()) return;
    setBusy(kind);
    try {
      if (kind === 'approve') {
        await props.onApprove(text);
        toasts.notify(`Added to "${props.intentName}"`);
      } else {
        await props.onReject();
        toasts.notify('Rejected');
      }
    } catch (error) {
      toasts.show(errorMessage(error), 'danger', Timing.snackbarMs);
      setBusy(null);
    }
  }

  return (
    <li className="civic-training-hub-row">
      <label htmlFor={props.id} className="civic-visually-hidden">
        Suggested phrase for {props.intentName}
      </label>
      <InputGroup id={props.id} value={text} onChange={(e) => setText(e.target.value)} disabled={!props.canDecide} title={props.canDecide ? undefined : (props.reason ?? 'Editors and admins decide')} fill />
      {props.tags}
      {props.canDecide && (
        <ButtonGroup>
          <Button intent="primary" text={text.trim() !== props.suggestion ? 'Approve edited' : 'Approve'} aria-label={`Approve “${text}” for ${props.intentName}`} loading={busy === 'approve'} onClick={() => void decide('approve')} />
          <Button text="Reject" aria-label={`Reject “${props.suggestion}” for ${props.intentName}`} loading={busy === 'reject'} onClick={() => void decide('reject')} />
        </ButtonGroup>
      )}
    </li>
  );
}
