import type { ResponseMessage } from '@civic/sdk/common/responses';

/**
 * TEMPORARY: text and quick replies only, until @civic/sdk/web/responses (the one renderer of every
 * §3 message kind) lands on main; then the widget imports ResponseMessagesView from there and this
 * file is deleted.
 */
export function ResponseMessagesView(props: { messages: ResponseMessage[]; onReply?: (text: string) => void }) {
  return (
    <>
      {props.messages.map((message, index) => {
        if (message.type === 'text') {
          return message.text.filter((line) => line.trim() !== '').map((line, i) => <p key={`${index}-${i}`}>{line}</p>);
        }
        if (message.type === 'quickReplies') {
          return (
            <div key={index}>
              {message.title && <p>{message.title}</p>}
              <div>
                {message.quickReplies.map((reply) => (
                  <button key={reply} type="button" onClick={() => props.onReply?.(reply)}>
                    {reply}
                  </button>
                ))}
              </div>
            </div>
          );
        }
        return null;
      })}
    </>
  );
}
