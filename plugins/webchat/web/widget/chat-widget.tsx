import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type FormEvent, type KeyboardEvent } from '@civic/sdk/web/react';
// The views only (no editors, no Blueprint): the one renderer of every §3 message kind.
import { ResponseMessagesView } from '../../../knowledge-base/contract/web/responses/views';
import { readableTextOn } from '../../common/contrast';
import { WebChatMessages as M } from '../../common/messages';
import type { PublicWebChatSettings } from '../../common/webchat-settings';
import { WELCOME_EVENT } from '../../../knowledge-base/contract/common/knowledge/index';
import type { ChatClient } from './chat-client';
import { CsatForm } from './csat-form';
import { QuestionInput } from './question-input';
import { useChat, type ChatEntry } from './use-chat';
import { WIDGET_CSS } from './widget-styles';
import { WidgetIcon } from './widget-icon';

/**
 * `floating`: launcher and panel fixed to the page corner (embed script); `contained`: the same,
 * positioned inside its parent box (console previews); `fullscreen`: the sharing page (§2) — always
 * open, no minimise button, restart enabled.
 */
export type ChatWidgetMode = 'floating' | 'contained' | 'fullscreen';

export interface ChatWidgetProps {
  settings: PublicWebChatSettings;
  client: ChatClient;
  mode: ChatWidgetMode;
  /** Open at first render even when the settings do not auto-launch (previews). */
  defaultOpen?: boolean;
  /** The console's origin, for site paths in replies (/files/…) when embedded on another site. */
  baseUrl?: string;
}

function cssVariables(s: PublicWebChatSettings): CSSProperties {
  const font = s.appFontFamily.trim() ? `${s.appFontFamily}, system-ui, sans-serif` : 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  return {
    '--cw-color': s.appColor,
    '--cw-on-color': readableTextOn(s.appColor),
    '--cw-fg1': s.appForegroundColor1,
    '--cw-fg2': s.appForegroundColor2,
    '--cw-bg2': s.appBackgroundColor2,
    '--cw-canvas': s.appCanvasBackgroundColor,
    '--cw-border': s.appButtonBorderColor,
    '--cw-qr-bg': s.appQuickReplyButtonBackgroundColor,
    '--cw-font': font,
    '--cw-size': `${s.appBaseFontSize}px`,
    '--cw-right': `${s.positionRight}px`,
    '--cw-bottom': `${s.positionBottom}px`,
    '--cw-launch-iter': String(s.appLauncherAnimationIteration),
    '--cw-ac-bg': s.appAutoCompleteBackgroundColor,
    '--cw-ac-fg': s.appAutoCompleteForegroundColor,
    '--cw-ac-hover': s.appAutoCompleteHoverColor,
    '--cw-ac-divider': s.appAutoCompleteDividerColor,
    '--cw-rec-bg': s.appRecommendationsBackgroundColor,
    '--cw-rec-fg': s.appRecommendationsForegroundColor,
    '--cw-rec-hover': s.appRecommendationsHoverColor,
  } as CSSProperties;
}

/** The web chat widget (one component for the fitting room, the settings preview, the sharing page and the embed script). */
export function ChatWidget(props: ChatWidgetProps) {
  const { settings, client, mode } = props;
  const fullscreen = mode === 'fullscreen';
  const [open, setOpen] = useState(fullscreen || Boolean(props.defaultOpen) || settings.appAutoLaunch);
  const [draft, setDraft] = useState('');
  const quickLaunchEvent = settings.appQuickLaunchEvent.trim();
  const chat = useChat(client, {
    // The engine starts with its welcome by default; another quick launch event is sent by name.
    quickLaunchEvent: quickLaunchEvent && quickLaunchEvent !== WELCOME_EVENT ? quickLaunchEvent : undefined,
    recommendations: settings.appEnableRecommendations,
  });
  const { state } = chat;
  const ids = useId();
  const panelId = `${ids}-panel`;
  const inputId = `${ids}-input`;
  const titleId = `${ids}-title`;
  const input = useRef<HTMLInputElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef(false);
  const suggest = useCallback((text: string, signal: AbortSignal) => client.suggest(text, signal), [client]);

  // The conversation starts the first time the panel opens (the quick launch event answers it).
  useEffect(() => {
    if (open && state.phase === 'idle') chat.start();
  }, [open, state.phase, chat]);

  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [state.entries.length, state.typing, state.error]);

  // §3 appBotResponseTriggerEvent: the host page asks the bot with
  // window.dispatchEvent(new CustomEvent(name, { detail: { text: 'How do I renew my passport?' } })).
  // The chat opens and the question is sent once the conversation is ready.
  const triggerEvent = settings.appBotResponseTriggerEvent.trim();
  const pendingQuestion = useRef<string | null>(null);
  useEffect(() => {
    if (!triggerEvent) return;
    const onTrigger = (event: Event) => {
      const text = (event as CustomEvent<{ text?: unknown } | null>).detail?.text;
      if (typeof text === 'string' && text.trim()) pendingQuestion.current = text.trim().slice(0, 1000);
      setOpen(true);
    };
    window.addEventListener(triggerEvent, onTrigger);
    return () => window.removeEventListener(triggerEvent, onTrigger);
  }, [triggerEvent]);
  useEffect(() => {
    const question = pendingQuestion.current;
    if (question && open && state.phase === 'ready' && !state.typing) {
      pendingQuestion.current = null;
      chat.send(question);
    }
  }, [open, state.phase, state.typing, chat]);

  useEffect(() => {
    if (open && focusOnOpen.current) {
      focusOnOpen.current = false;
      input.current?.focus();
    }
  }, [open]);

  function toggle(next: boolean) {
    if (next) focusOnOpen.current = true;
    setOpen(next);
    // Closing hands focus back to the launcher, so keyboard users are not left on a removed node.
    if (!next) queueMicrotask(() => launcher.current?.focus());
  }

  function ask(text: string) {
    if (text.trim() === '' || state.typing || state.phase !== 'ready') return;
    chat.send(text);
    setDraft('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    ask(draft);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && !fullscreen) {
      event.stopPropagation();
      toggle(false);
    }
  }

  const title = settings.appName || 'Chat';
  const showThumbs = settings.enableThumbs;
  const canEnd = settings.enableCsat && state.phase === 'ready' && state.entries.some((e) => e.author === 'user');

  return (
    <div className={`cw-root cw-${mode}`} style={cssVariables(settings)} data-testid="chat-widget">
      <style>{WIDGET_CSS}</style>
      {open && (
        <section id={panelId} className="cw-panel" aria-labelledby={titleId} onKeyDown={onKeyDown}>
          <header className="cw-header">
            {settings.appIcon && <img src={settings.appIcon} alt="" />}
            <div className="cw-titles">
              <h2 className="cw-title" id={titleId}>
                {title}
              </h2>
              {settings.appSubtitle && <p className="cw-subtitle">{settings.appSubtitle}</p>}
            </div>
            {canEnd && (
              <button type="button" className="cw-text-button" onClick={chat.endChat}>
                {M.endChat}
              </button>
            )}
            <button type="button" className="cw-icon-button" aria-label={M.restart} title={M.restart} onClick={() => chat.restart()}>
              <WidgetIcon name="restart" />
            </button>
            {!fullscreen && (
              <button type="button" className="cw-icon-button" aria-label={M.closeChat} title={M.closeChat} aria-controls={panelId} onClick={() => toggle(false)}>
                <WidgetIcon name="minimise" />
              </button>
            )}
          </header>
          <div ref={log} className="cw-log" role="log" aria-live="polite" aria-relevant="additions" aria-label="Conversation" tabIndex={0}>
            {settings.appWelcomeMessage && <p className="cw-intro">{settings.appWelcomeMessage}</p>}
            {state.entries.map((entry, index) => (
              <Entry
                key={entry.id}
                entry={entry}
                latest={index === state.entries.length - 1}
                thumbs={showThumbs}
                baseUrl={props.baseUrl}
                onReply={chat.send}
                onVote={chat.vote}
              />
            ))}
          </div>
          <div className="cw-status" role="status">
            {state.typing && (
              <>
                <span className="cw-dots" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </span>
                <span className="cw-sr">{M.typing}</span>
              </>
            )}
          </div>
          {state.staleModel && (
            <p className="cw-note" data-testid="stale-model">
              {M.staleModel(state.staleModel.answeringTrainedAt, state.staleModel.trainingProgress)}
            </p>
          )}
          {state.error && (
            <div className="cw-error" role="alert">
              <span>{state.error}</span>
              {state.retryable && (
                <button type="button" onClick={chat.retry}>
                  {M.retry}
                </button>
              )}
            </div>
          )}
          {state.phase === 'rating' || state.phase === 'rated' ? (
            <CsatForm rated={state.phase === 'rated'} onRate={chat.rate} onRestart={chat.restart} />
          ) : (
            <form className="cw-form" onSubmit={submit}>
              <label className="cw-sr" htmlFor={inputId}>
                {M.messageLabel}
              </label>
              <QuestionInput
                inputRef={input}
                id={inputId}
                placeholder={settings.appInputPlaceholder}
                value={draft}
                onChange={setDraft}
                onPick={ask}
                suggest={settings.appEnableAutoComplete ? suggest : undefined}
              />
              <button type="submit" className="cw-send" disabled={state.typing || state.phase !== 'ready'}>
                {M.send}
              </button>
            </form>
          )}
        </section>
      )}
      {!fullscreen && (
        <button
          ref={launcher}
          type="button"
          className="cw-launcher"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={open ? M.closeChat : M.openChat}
          onClick={() => toggle(!open)}
        >
          <WidgetIcon name={open ? 'close' : 'chat'} />
        </button>
      )}
    </div>
  );
}

interface EntryProps {
  entry: ChatEntry;
  /** Only the latest reply's buttons and forms still answer (earlier ones show disabled). */
  latest: boolean;
  thumbs: boolean;
  baseUrl?: string;
  onReply: (text: string) => void;
  onVote: (entry: ChatEntry, vote: 'up' | 'down') => void;
}

function Entry(props: EntryProps) {
  const { entry } = props;
  if (entry.author === 'user') {
    const said = entry.messages.flatMap((m) => (m.type === 'text' ? m.text : [])).join('\n');
    return (
      <div className="cw-entry cw-user">
        <span className="cw-sr">{M.youSaid}:</span>
        <p className="cw-bubble">{said}</p>
      </div>
    );
  }
  return (
    <div className="cw-entry cw-bot">
      <span className="cw-sr">{M.botSaid}:</span>
      <ResponseMessagesView messages={entry.messages} onReply={(text) => props.onReply(text)} mode="widget" interactive={props.latest} baseUrl={props.baseUrl} />
      {props.latest && entry.recommendations && entry.recommendations.length > 0 && (
        <div className="cw-recs" role="group" aria-labelledby={`cw-recs-${entry.id}`}>
          <p className="cw-recs-title" id={`cw-recs-${entry.id}`}>
            {M.recommendationsLabel}
          </p>
          {entry.recommendations.map((question) => (
            <button key={question} type="button" className="cw-rec" onClick={() => props.onReply(question)}>
              {question}
            </button>
          ))}
        </div>
      )}
      {props.thumbs && entry.transcriptId && (
        <div className="cw-votes">
          <button type="button" className="cw-vote" aria-pressed={entry.vote === 'up'} onClick={() => props.onVote(entry, 'up')}>
            <WidgetIcon name="thumbUp" /> <span className="cw-sr">{M.helpful}</span>
          </button>
          <button type="button" className="cw-vote" aria-pressed={entry.vote === 'down'} onClick={() => props.onVote(entry, 'down')}>
            <WidgetIcon name="thumbDown" /> <span className="cw-sr">{M.notHelpful}</span>
          </button>
        </div>
      )}
    </div>
  );
}
