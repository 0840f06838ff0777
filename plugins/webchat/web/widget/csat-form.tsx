import { useId, useState, type FormEvent } from '@civic/sdk/web/react';
import { WebChatMessages as M } from '../../common/messages';
import { WidgetIcon } from './widget-icon';

const RATINGS = [1, 2, 3, 4, 5] as const;

/** The CSAT question at the end of a conversation (when the app enables it). */
export function CsatForm(props: { rated: boolean; onRate: (rating: number, comment: string) => Promise<void>; onRestart: () => void }) {
  const ids = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);

  if (props.rated) {
    return (
      <div className="cw-csat">
        <p role="status">{M.csatThanks}</p>
        <button type="button" className="cw-send" onClick={props.onRestart}>
          {M.restart}
        </button>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === null || sending) return;
    setSending(true);
    setFailed(false);
    try {
      await props.onRate(rating, comment);
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="cw-csat" onSubmit={(e) => void submit(e)}>
      <fieldset>
        <legend>{M.csatQuestion}</legend>
        <div className="cw-stars">
          {RATINGS.map((value) => (
            <label key={value}>
              <input type="radio" name={`${ids}-rating`} value={value} checked={rating === value} onChange={() => setRating(value)} />
              <span>
                {value}
                {' '}
                <WidgetIcon name="star" />
                <span className="cw-sr"> out of 5</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${ids}-comment`}>{M.csatComment}</label>
      <textarea id={`${ids}-comment`} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
      {failed && (
        <p className="cw-error" role="alert">
          {M.networkError}
        </p>
      )}
      <div className="cw-csat-actions">
        <button type="submit" className="cw-send" disabled={rating === null || sending}>
          {M.csatSubmit}
        </button>
      </div>
    </form>
  );
}
