import { Button, FormGroup, Switch, TextArea } from '@civic/sdk/web/blueprint';
import { AddIcon, TrashIcon } from '@civic/sdk/web/icons';
import type { ChannelResponses, ResponseMessage } from '@civic/sdk/common/responses';

interface Props {
  value: ChannelResponses;
  onChange(value: ChannelResponses): void;
  readOnly: boolean;
}

/** One channel's responses: text messages edited here; other kinds are kept as they are. */
export function ResponsesTab({ value, onChange, readOnly }: Props) {
  const setMessages = (messages: ResponseMessage[]) => onChange({ ...value, messages });
  return (
    <div className="civic-kb-stack">
      <Switch label="Use the default response" disabled={readOnly} checked={value.enable_default_response} onChange={(e) => onChange({ ...value, enable_default_response: e.currentTarget.checked })} />
      {value.messages.map((message, index) => (
        <div key={index} className="civic-kb-param">
          {message.type === 'text' ? (
            <FormGroup label={`Text response ${index + 1} (one variant per line)`} labelFor={`kb-text-${value.platform}-${index}`}>
              <TextArea
                id={`kb-text-${value.platform}-${index}`}
                fill
                rows={3}
                readOnly={readOnly}
                value={message.text.join('\n')}
                onChange={(e) => setMessages(value.messages.map((m, i) => (i === index ? { type: 'text', text: e.target.value.split('\n') } : m)))}
              />
            </FormGroup>
          ) : (
            <p>
              A {message.type} message.
            </p>
          )}
          {!readOnly && <Button variant="minimal" icon={<TrashIcon />} text="Remove" aria-label={`Remove response ${index + 1}`} onClick={() => setMessages(value.messages.filter((_, i) => i !== index))} />}
        </div>
      ))}
      {!readOnly && <Button icon={<AddIcon />} text="Add text response" onClick={() => setMessages([...value.messages, { type: 'text', text: [''] }])} />}
    </div>
  );
}
