import { createContext, useContext, useId, useMemo, useState, type FormEvent, type ReactNode } from '@civic/sdk/web/react';
// Direct module paths, not the barrel: the widget must not pull the DTOs (class-validator) in.
import type { Card, CardButton, FormMessage, HorizontalAlignment, ResponseMessage, TableCardMessage } from '../../common/responses/response-message';
import { ResponseTexts } from '../../common/responses/response-texts';
import { isSafeResponseUrl, isUrlPostback, type UrlKind } from '../../common/responses/urls';
import { HtmlFrame } from './html-frame';
import './response-views.css';

/**
 * What a citizen's click sends back: the reply text, and for a form the submitted values by field
 * name. The widget posts it as the user's next message.
 */
export type ReplyHandler = (text: string, values?: Record<string, string>) => void;

/**
 * `widget`: exactly what a citizen sees (payloads hidden). `preview`: the same, plus a muted note
 * where a message is not shown in the chat (payload, custom payload), for the console's previews.
 */
export type ResponseViewMode = 'widget' | 'preview';

export interface ResponseMessageViewProps {
  message: ResponseMessage;
  onReply?: ReplyHandler;
  mode?: ResponseViewMode;
  /**
   * False for messages that can no longer be answered (an earlier turn of the conversation): reply
   * buttons and forms are shown disabled. Links still open. Default true.
   */
  interactive?: boolean;
  /** Where site paths (`/files/a.png`) point: the console's origin, for the embedded widget. */
  baseUrl?: string;
}

export interface ResponseMessagesViewProps {
  messages: readonly ResponseMessage[];
  onReply?: ReplyHandler;
  mode?: ResponseViewMode;
  /** Accessible name of the list, e.g. "Bot reply". */
  label?: string;
  /** See `ResponseMessageViewProps.interactive`. */
  interactive?: boolean;
  /** See `ResponseMessageViewProps.baseUrl`. */
  baseUrl?: string;
}

interface ViewSettings {
  /** Whether reply controls answer clicks (false: shown disabled). */
  interactive: boolean;
  baseUrl?: string;
}
const Settings = createContext<ViewSettings>({ interactive: true });

/**
 * The `src`/`href` for a URL of a message: null unless it passes the URL rule; a site path
 * (`/files/a.png`) resolved against `baseUrl` (the console's origin when the widget is embedded on
 * an agency's site).
 */
function useSafeUrl(): (url: string | undefined, kind?: UrlKind) => string | null {
  const { baseUrl } = useContext(Settings);
  return (url, kind = 'resource') => {
    if (!isSafeResponseUrl(url, kind)) return null;
    const trimmed = url.trim();
    if (!baseUrl || !trimmed.startsWith('/')) return trimmed;
    try {
      return new URL(trimmed, baseUrl).href;
    } catch {
      return trimmed;
    }
  };
}

const ALIGN: Record<HorizontalAlignment, 'left' | 'center' | 'right' | undefined> = {
  HORIZONTAL_ALIGNMENT_UNSPECIFIED: undefined,
  LEADING: 'left',
  CENTER: 'center',
  TRAILING: 'right',
};

const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|mov|m4v)(\?.*)?$/i;

function Image({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const safe = useSafeUrl()(src);
  if (!safe) return null;
  return <img className={className ?? 'civic-rv-image'} src={safe} alt={alt} loading="lazy" referrerPolicy="no-referrer" />;
}

/** A card button or mini carousel item: a link when the postback is a URL, else a reply. */
function Action({ label, postback, onReply, className = 'civic-rv-button', children }: {
  label: string;
  postback: string;
  onReply?: ReplyHandler;
  className?: string;
  children?: ReactNode;
}) {
  const { interactive } = useContext(Settings);
  const safeUrl = useSafeUrl();
  const content = children ?? label;
  const target = postback.trim();
  if (isUrlPostback(target)) {
    const href = safeUrl(target, 'link');
    if (!href) return <span className={`${className} civic-rv-button--inert`}>{content}</span>;
    return (
      <a className={className} href={href} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  return (
    <button type="button" className={className} disabled={!interactive} onClick={() => onReply?.(target || label)}>
      {content}
    </button>
  );
}

function Buttons({ buttons, onReply }: { buttons: readonly CardButton[]; onReply?: ReplyHandler }) {
  const shown = buttons.filter((b) => b.text.trim() !== '' || b.postback.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <ul className="civic-rv-buttons">
      {shown.map((button, i) => (
        <li key={i}>
          <Action label={button.text.trim() || button.postback} postback={button.postback} onReply={onReply} />
        </li>
      ))}
    </ul>
  );
}

function CardView({ card, onReply }: { card: Card; onReply?: ReplyHandler }) {
  const display = card.imageDisplay && card.imageDisplay !== 'IMAGE_DISPLAY_OPTIONS_UNSPECIFIED' ? card.imageDisplay.toLowerCase() : 'default';
  return (
    <article className="civic-rv-card">
      <Image className={`civic-rv-card__image civic-rv-card__image--${display}`} src={card.imageUri} alt={card.title || ''} />
      {(card.title || card.subtitle) && (
        <div className="civic-rv-card__body">
          {card.title && <p className="civic-rv-card__title">{card.title}</p>}
          {card.subtitle && <p className="civic-rv-card__subtitle">{card.subtitle}</p>}
        </div>
      )}
      <Buttons buttons={card.buttons ?? []} onReply={onReply} />
    </article>
  );
}

function TableCardView({ message, onReply }: { message: TableCardMessage; onReply?: ReplyHandler }) {
  const hasHeaders = message.columns.some((c) => c.header.trim() !== '');
  return (
    <article className="civic-rv-card civic-rv-table-card">
      <Image className="civic-rv-card__image" src={message.imageUri} alt={message.title || ''} />
      {(message.title || message.subtitle) && (
        <div className="civic-rv-card__body">
          {message.title && <p className="civic-rv-card__title">{message.title}</p>}
          {message.subtitle && <p className="civic-rv-card__subtitle">{message.subtitle}</p>}
        </div>
      )}
      <div className="civic-rv-table-scroll">
        <table className="civic-rv-table" aria-label={message.title || undefined}>
          {hasHeaders && (
            <thead>
              <tr>
                {message.columns.map((column, i) => (
                  <th key={i} scope="col" style={{ textAlign: ALIGN[column.horizontalAlignment] }}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
          )}
          <tbody>
            {message.rows.map((row, r) => (
              <tr key={r} className={row.dividerAfter ? 'civic-rv-table__divider' : undefined}>
                {row.cells.map((cell, c) => (
                  <td key={c} style={{ textAlign: ALIGN[message.columns[c]?.horizontalAlignment ?? 'HORIZONTAL_ALIGNMENT_UNSPECIFIED'] }}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Buttons buttons={message.buttons} onReply={onReply} />
    </article>
  );
}

function FormView({ message, onReply }: { message: FormMessage; onReply?: ReplyHandler }) {
  const id = useId();
  const { interactive } = useContext(Settings);
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: Record<string, string> = {};
    const lines: string[] = [];
    for (const field of message.fields) {
      const value = String(data.get(field.name) ?? '');
      values[field.name] = value;
      lines.push(`${field.label || field.name}: ${value}`);
    }
    setSent(true);
    onReply?.(lines.join('\n'), values);
  };
  return (
    <form className="civic-rv-card civic-rv-form" onSubmit={submit} aria-labelledby={message.title ? `${id}-title` : undefined}>
      {message.title && (
        <p id={`${id}-title`} className="civic-rv-card__title">
          {message.title}
        </p>
      )}
      <fieldset disabled={sent || !interactive} className="civic-rv-form__fields">
        {message.fields.map((field, i) => {
          const fieldId = `${id}-f${i}`;
          return (
            <div className="civic-rv-form__field" key={i}>
              <label htmlFor={fieldId}>
                {field.label || field.name}
                {field.required && <span aria-hidden="true"> *</span>}
              </label>
              {field.fieldType === 'select' ? (
                <select id={fieldId} name={field.name} required={field.required} defaultValue="">
                  <option value="" disabled>
                    —
                  </option>
                  {field.options.map((option, o) => (
                    <option key={o} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              ) : (
                <input id={fieldId} name={field.name} type={field.fieldType} required={field.required} />
              )}
            </div>
          );
        })}
        <button type="submit" className="civic-rv-button civic-rv-button--primary">
          {message.submitLabel || ResponseTexts.formSubmit}
        </button>
      </fieldset>
    </form>
  );
}

/** One message of any kind, as the web chat widget shows it. */
export function ResponseMessageView({ interactive = true, baseUrl, ...props }: ResponseMessageViewProps) {
  const settings = useMemo(() => ({ interactive, baseUrl }), [interactive, baseUrl]);
  return (
    <Settings.Provider value={settings}>
      <MessageBody {...props} />
    </Settings.Provider>
  );
}

function MessageBody({ message, onReply, mode = 'widget' }: Omit<ResponseMessageViewProps, 'interactive' | 'baseUrl'>) {
  const { interactive, baseUrl } = useContext(Settings);
  const safeUrl = useSafeUrl();
  switch (message.type) {
    case 'text':
      return (
        <div className="civic-rv-bubble civic-rv-text">
          {message.text.filter((line) => line.trim() !== '').map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
      );
    case 'image':
      return (
        <figure className="civic-rv-figure">
          <Image src={message.imageUri} alt={message.accessibilityText} />
        </figure>
      );
    case 'quickReplies': {
      const replies = message.quickReplies.filter((reply) => reply.trim() !== '');
      return (
        <div className="civic-rv-quick-replies">
          {message.title && <p className="civic-rv-bubble">{message.title}</p>}
          {replies.length > 0 && (
            <ul className="civic-rv-chips" aria-label={message.title || undefined}>
              {replies.map((reply, i) => (
                <li key={i}>
                  <button type="button" className="civic-rv-chip" disabled={!interactive} onClick={() => onReply?.(reply)}>
                    {reply}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      );
    }
    case 'card':
      return <CardView card={message.card} onReply={onReply} />;
    case 'tableCard':
      return <TableCardView message={message} onReply={onReply} />;
    case 'payload':
      return mode === 'preview' ? (
        <p className="civic-rv-note">
          {ResponseTexts.payloadHiddenNote}
          {message.payloadType ? `: ${message.payloadType}` : ''}
        </p>
      ) : null;
    case 'form':
      return <FormView message={message} onReply={onReply} />;
    case 'carousel':
      return (
        <ul className="civic-rv-carousel">
          {message.items.map((item, i) => (
            <li key={i}>
              <CardView card={item.card} onReply={onReply} />
            </li>
          ))}
        </ul>
      );
    case 'video': {
      const src = safeUrl(message.videoUri);
      if (!src) return null;
      return VIDEO_FILE.test(src) ? (
        <figure className="civic-rv-figure">
          <video className="civic-rv-video" src={src} controls preload="metadata" aria-label={message.title || ResponseTexts.video} />
          {message.title && <figcaption>{message.title}</figcaption>}
        </figure>
      ) : (
        <a className="civic-rv-bubble civic-rv-link civic-rv-link--video" href={src} target="_blank" rel="noopener noreferrer">
          <span aria-hidden="true">▶ </span>
          {message.title || ResponseTexts.video}
        </a>
      );
    }
    case 'html':
      return <HtmlFrame html={message.html} baseUrl={baseUrl} />;
    case 'customPayload':
      return mode === 'preview' ? <p className="civic-rv-note">{ResponseTexts.customPayloadHiddenNote}</p> : null;
    case 'file': {
      const href = safeUrl(message.fileUri);
      if (!href) return null;
      return (
        <a className="civic-rv-bubble civic-rv-link civic-rv-link--file" href={href} target="_blank" rel="noopener noreferrer" download={message.name || true}>
          <span aria-hidden="true">📄 </span>
          {message.name || ResponseTexts.file}
        </a>
      );
    }
    case 'imageGallery':
      return (
        <ul className="civic-rv-gallery">
          {message.images.filter((image) => safeUrl(image.imageUri)).map((image, i) => (
            <li key={i}>
              <Image src={image.imageUri} alt={image.accessibilityText} />
            </li>
          ))}
        </ul>
      );
    case 'miniCarousel':
      return (
        <ul className="civic-rv-mini-carousel">
          {message.items.map((item, i) => (
            <li key={i}>
              <Action label={item.title} postback={item.postback || item.title} onReply={onReply} className="civic-rv-mini-item">
                <Image className="civic-rv-mini-item__image" src={item.imageUri} alt="" />
                <span className="civic-rv-mini-item__title">{item.title}</span>
              </Action>
            </li>
          ))}
        </ul>
      );
    default:
      return null;
  }
}

/** A reply of several messages, in order, as a list (hidden kinds leave no empty item). */
export function ResponseMessagesView({ messages, onReply, mode = 'widget', label, interactive = true, baseUrl }: ResponseMessagesViewProps) {
  const shown = messages
    .map((message, index) => ({ message, index }))
    .filter(({ message }) => mode === 'preview' || (message.type !== 'payload' && message.type !== 'customPayload'));
  return (
    <ol className="civic-rv-messages" aria-label={label}>
      {shown.map(({ message, index }) => (
        <li key={index} className={`civic-rv-message civic-rv-message--${message.type}`}>
          <ResponseMessageView message={message} onReply={onReply} mode={mode} interactive={interactive} baseUrl={baseUrl} />
        </li>
      ))}
    </ol>
  );
}
