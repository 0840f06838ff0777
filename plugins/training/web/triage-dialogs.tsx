import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Radio, RadioGroup, TextArea } from '@civic/sdk/web/blueprint';
import { useEffect, useRef, useState, type FormEvent } from '@civic/sdk/web/react';
import { errorMessage } from '@civic/sdk/web';
import { Messages } from '@civic/sdk/common/messages';
import type { TranscriptRow } from '../common/api';
import type { EntityTag, IntentChoice } from './knowledge-calls';
import { formatCount } from '@civic/sdk/common/format';

/** §8: dismissing needs a reason ('Please input dismissal reason'; empty → 'Dismissal reason is required'). */
export function DismissDialog(props: { count: number; isOpen: boolean; onClose: () => void; onDismiss: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!props.isOpen) {
      setReason('');
      setProblem(null);
      setFailure(null);
    }
  }, [props.isOpen]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem(Messages.dismissalReasonRequired);
      field.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await props.onDismiss(reason.trim());
      props.onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={props.count === 1 ? 'Dismiss question' : `Dismiss ${formatCount(props.count)} questions`}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          <p>{Messages.inputDismissalReason}.</p>
          {failure && (
            <Callout intent="danger" role="alert">
              {failure}
            </Callout>
          )}
          <FormGroup label="Dismissal reason" labelFor="training-dismiss-reason" intent={problem ? 'danger' : 'none'} helperText={problem ? <span id="training-dismiss-error">{problem}</span> : undefined}>
            <TextArea
              id="training-dismiss-reason"
              inputRef={field}
              fill
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              onBlur={() => setProblem(reason.trim() ? null : Messages.dismissalReasonRequired)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'training-dismiss-error' : undefined}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter actions={<><Button text="Cancel" onClick={props.onClose} /><Button type="submit" intent="danger" text="Dismiss" loading={busy} /></>} />
      </form>
    </Dialog>
  );
}

/** Train with questions: add them as phrases to an intent, or make a new intent (or Q&A pair) of them. */
export function TrainDialog(props: {
  rows: readonly TranscriptRow[];
  intents: readonly IntentChoice[];
  entities: readonly string[];
  isOpen: boolean;
  onClose: () => void;
  onAdd: (intent: IntentChoice, tag?: EntityTag) => Promise<void>;
  onCreate: (input: { displayName: string; kind: 'intent' | 'qna'; answer: string }) => Promise<void>;
}) {
  const [mode, setMode] = useState<'add' | 'create'>('add');
  const [intentId, setIntentId] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'intent' | 'qna'>('intent');
  const [answer, setAnswer] = useState('');
  const [tagWords, setTagWords] = useState('');
  const [tagEntity, setTagEntity] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (props.isOpen) {
      // Start from the engine's best guess when it has one.
      const guess = props.rows[0]?.intentId ?? props.rows[0]?.topMatches[0]?.intentId ?? '';
      setIntentId(props.intents.some((i) => i.id === guess) ? guess : (props.intents[0]?.id ?? ''));
      setName(props.rows[0]?.data.slice(0, 100) ?? '');
      setTagWords('');
      setTagEntity('');
      setProblem(null);
    }
  }, [props.isOpen, props.rows, props.intents]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const intent = props.intents.find((i) => i.id === intentId);
    if (mode === 'add' && !intent) return setProblem('Choose an intent');
    if (mode === 'create' && !name.trim()) return setProblem('Enter a name');
    const tagging = mode === 'add' && props.rows.length === 1 && tagWords.trim() !== '' && tagEntity !== '';
    if (tagging && !props.rows[0].data.toLowerCase().includes(tagWords.trim().toLowerCase())) return setProblem('The words to tag must be in the question');
    setBusy(true);
    try {
      if (mode === 'add' && intent) await props.onAdd(intent, tagging ? { words: tagWords.trim(), entity: tagEntity } : undefined);
      else await props.onCreate({ displayName: name.trim(), kind, answer });
      props.onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const count = props.rows.length;
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={count === 1 ? 'Train with this question' : `Train with ${count} questions`}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          <ul className="civic-training-train-questions" aria-label="Questions">
            {props.rows.slice(0, 5).map((r) => (
              <li key={r.transcriptId}>{r.data}</li>
            ))}
            {count > 5 && <li>…and {count - 5} more</li>}
          </ul>
          <RadioGroup label="What to do" selectedValue={mode} onChange={(e) => setMode(e.currentTarget.value as 'add' | 'create')} inline>
            <Radio label="Add as training phrase to an intent" value="add" />
            <Radio label="Create an intent" value="create" />
          </RadioGroup>
          {mode === 'add' ? (
            <FormGroup label="Intent" labelFor="training-intent">
              <HTMLSelect id="training-intent" fill value={intentId} onChange={(e) => setIntentId(e.target.value)}>
                {props.intents.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.displayName}
                    {i.kind === 'qna' ? ' (Q&A)' : ''}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          ) : null}
          {mode === 'add' && props.rows.length === 1 && (
            <div className="civic-training-toolbar-row">
              <FormGroup label="Words to tag (optional)" labelFor="training-tag-words">
                <InputGroup id="training-tag-words" value={tagWords} onChange={(e) => setTagWords(e.target.value)} />
              </FormGroup>
              <FormGroup label="As entity" labelFor="training-tag-entity">
                <HTMLSelect id="training-tag-entity" value={tagEntity} onChange={(e) => setTagEntity(e.target.value)}>
                  <option value="">No entity</option>
                  {props.entities.map((entity) => (
                    <option key={entity} value={entity}>
                      {entity}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            </div>
          )}
          {mode === 'add' ? null : (
            <>
              <FormGroup label="Name" labelFor="training-intent-name">
                <InputGroup id="training-intent-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
              </FormGroup>
              <FormGroup label="Kind" labelFor="training-intent-kind">
                <HTMLSelect id="training-intent-kind" value={kind} onChange={(e) => setKind(e.target.value as 'intent' | 'qna')}>
                  <option value="intent">Intent</option>
                  <option value="qna">Q&A</option>
                </HTMLSelect>
              </FormGroup>
              <FormGroup label="Answer" labelFor="training-intent-answer" helperText="Optional: you can write the answer in the editor later.">
                <TextArea id="training-intent-answer" fill value={answer} onChange={(e) => setAnswer(e.target.value)} />
              </FormGroup>
            </>
          )}
          {problem && (
            <Callout intent="danger" role="alert">
              {problem}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter actions={<><Button text="Cancel" onClick={props.onClose} /><Button type="submit" intent="primary" text={mode === 'add' ? 'Add phrase' : 'Create intent'} loading={busy} /></>} />
      </form>
    </Dialog>
  );
}
