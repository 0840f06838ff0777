import { Alert, Button, ButtonGroup, Callout, Card, Menu, MenuItem, PopoverNext, PopupKind, Switch, Tab, Tabs } from '@civic/sdk/web/blueprint';
import { AddIcon, ArrowDownIcon, ArrowUpIcon, TrashIcon, WarningSignIcon } from '@civic/sdk/web/icons';
import { useEffect, useMemo, useRef, useState } from '@civic/sdk/web/react';
import { Messages } from '@civic/sdk/common/messages';
import {
  compareChannels,
  DEFAULT_PLATFORM,
  emptyChannel,
  ensureDefaultChannel,
  newResponseMessage,
  normaliseMessage,
  PLATFORM_LABELS,
  PLATFORMS,
  RESPONSE_MESSAGE_LABELS,
  RESPONSE_MESSAGE_TYPES,
  validateChannelResponses,
  type ChannelResponses,
  type Platform,
  type ResponseMessage,
  type ResponseMessageType,
  type ResponseProblem,
} from '../../common/responses/index';
import { ResponseMessageEditor } from './editors/message-editors';
import { ResponseMessagesView } from './response-message-view';
import './response-editors.css';

export interface ChannelResponsesEditorProps {
  value: readonly ChannelResponses[];
  onChange(next: ChannelResponses[]): void;
  readOnly?: boolean;
  /**
   * More problems to show besides the editor's own §5 checks, e.g. those of a server 422
   * (`responseProblemsOf(error)`); the page clears them when the value changes.
   */
  problems?: readonly ResponseProblem[];
  /** Prefix for element ids, when two editors share a page. */
  idPrefix?: string;
  /**
   * Kinds the deployment switched off (`switchedOffKinds(switches)`): not offered, and a message
   * of one already there (saved while the switch was on) is flagged, as the server refuses it.
   */
  switchedOff?: readonly ResponseMessageType[];
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

const NONE: readonly ResponseMessageType[] = [];

/** `platform` → tab id and DOM-safe slug. */
const slug = (platform: Platform) => platform.toLowerCase().replace(/_/g, '-');

interface ChannelPanelProps {
  channel: ChannelResponses;
  problems: readonly ResponseProblem[];
  readOnly?: boolean;
  idPrefix: string;
  onChange(next: ChannelResponses): void;
  onDelete?(): void;
  switchedOff: readonly ResponseMessageType[];
}

function AddMessageMenu({ onAdd, label, switchedOff }: { onAdd(type: ResponseMessage['type']): void; label: string; switchedOff: readonly ResponseMessageType[] }) {
  return (
    <PopoverNext
      placement="bottom-start"
      arrow={false}
      popupKind={PopupKind.MENU}
      // The new message takes the focus instead (Escape still returns it to the button).
      shouldReturnFocusOnClose={false}
      content={
        <Menu aria-label={label}>
          {RESPONSE_MESSAGE_TYPES.filter((type) => !switchedOff.includes(type)).map((type) => (
            <MenuItem key={type} text={RESPONSE_MESSAGE_LABELS[type]} onClick={() => onAdd(type)} />
          ))}
        </Menu>
      }
      renderTarget={({ isOpen: _isOpen, ...targetProps }) => <Button {...targetProps} icon={<AddIcon />} text="Add message" />}
    />
  );
}

function ChannelPanel({ channel, problems, readOnly, idPrefix, onChange, onDelete, switchedOff }: ChannelPanelProps) {
  const messages = channel.messages;
  const setMessages = (next: ResponseMessage[]) => onChange({ ...channel, messages: next });
  const channelProblems = problems.filter((p) => p.index === undefined);
  const preview = useMemo(() => messages.map(normaliseMessage).filter((m): m is ResponseMessage => m !== null), [messages]);
  const label = PLATFORM_LABELS[channel.platform];
  // A new message takes the focus (its first field), so typing can start at once.
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusIndex === null) return;
    const timer = setTimeout(() => {
      const item = listRef.current?.children[focusIndex];
      item?.querySelector<HTMLElement>('input, textarea, select')?.focus();
      setFocusIndex(null);
    }, 0);
    return () => clearTimeout(timer);
  }, [focusIndex]);
  return (
    <div className="civic-re-channel">
      <div className="civic-re-channel__editor">
        {channelProblems.map((problem, i) => (
          <Callout key={i} intent={problem.severity === 'error' ? 'danger' : 'warning'} icon={<WarningSignIcon />} className="civic-re-callout">
            {problem.message}
            {problem.detail && <> {problem.detail}</>}
          </Callout>
        ))}
        <div className="civic-re-toolbar">
          {channel.platform !== DEFAULT_PLATFORM && (
            <Switch
              checked={channel.enable_default_response}
              disabled={readOnly}
              label="Use the web chat responses first"
              onChange={(event) => onChange({ ...channel, enable_default_response: event.currentTarget.checked })}
            />
          )}
          <span className="civic-re-spacer" />
          {!readOnly && onDelete && <Button icon={<TrashIcon />} intent="danger" variant="outlined" text={`Delete ${label} channel`} onClick={onDelete} />}
        </div>
        {messages.length === 0 && <p className="civic-re-empty">No messages yet. Add a message for {label}.</p>}
        <ol className="civic-re-messages" ref={listRef}>
          {messages.map((message, index) => {
            const own = problems.filter((p) => p.index === index);
            const errors = Object.fromEntries(own.filter((p) => p.field).map((p) => [p.field as string, p.message]));
            const loose = own.filter((p) => !p.field);
            const kind = RESPONSE_MESSAGE_LABELS[message.type];
            const headingId = `${idPrefix}-${slug(channel.platform)}-m${index}-heading`;
            return (
              <li key={index}>
                <Card compact className="civic-re-message" aria-labelledby={headingId} role="group">
                  <div className="civic-re-message__header">
                    <h3 id={headingId} className="civic-re-message__title">
                      {index + 1}. {kind}
                    </h3>
                    {!readOnly && (
                      <ButtonGroup variant="minimal">
                        <Button icon={<ArrowUpIcon />} aria-label={`Move message ${index + 1} up`} title="Move up" disabled={index === 0}
                          onClick={() => setMessages(move(messages, index, index - 1))} />
                        <Button icon={<ArrowDownIcon />} aria-label={`Move message ${index + 1} down`} title="Move down" disabled={index === messages.length - 1}
                          onClick={() => setMessages(move(messages, index, index + 1))} />
                        <Button icon={<TrashIcon />} aria-label={`Delete message ${index + 1} (${kind})`} title="Delete"
                          onClick={() => setMessages(messages.filter((_, i) => i !== index))} />
                      </ButtonGroup>
                    )}
                  </div>
                  <ResponseMessageEditor
                    value={message}
                    readOnly={readOnly}
                    errors={errors}
                    idPrefix={`${idPrefix}-${slug(channel.platform)}-m${index}`}
                    onChange={(next) => setMessages(messages.map((m, i) => (i === index ? next : m)))}
                  />
                  {loose.map((p, i) => (
                    <p key={i} className="civic-re-error" role="alert">
                      {p.message}
                    </p>
                  ))}
                </Card>
              </li>
            );
          })}
        </ol>
        {!readOnly && (
          <div className="civic-re-add">
            <AddMessageMenu
              label={`Add a message to ${label}`}
              switchedOff={switchedOff}
              onAdd={(type) => {
                setMessages([...messages, newResponseMessage(type)]);
                setFocusIndex(messages.length);
              }}
            />
          </div>
        )}
      </div>
      <section className="civic-re-channel__preview" aria-label={`Preview for ${label}`}>
        <h3 className="civic-re-preview-title">Preview</h3>
        <ResponseMessagesView messages={preview} mode="preview" label={`Preview for ${label}`} />
      </section>
    </div>
  );
}

/**
 * An intent's responses, one tab per channel (web chat first): add a channel (its tab opens with
 * default response on and no messages), delete one (confirmed), add, edit, reorder and delete
 * messages of every kind, with a live preview and the §5 problems inline.
 */
export function ChannelResponsesEditor({ value, onChange, readOnly, problems, idPrefix = 'responses', switchedOff = NONE }: ChannelResponsesEditorProps) {
  const channels = useMemo(() => ensureDefaultChannel(value).sort(compareChannels), [value]);
  const [selected, setSelected] = useState<Platform>(DEFAULT_PLATFORM);
  const [pendingDelete, setPendingDelete] = useState<Platform | null>(null);
  const allProblems = useMemo(() => {
    const seen = new Set<string>();
    return [...validateChannelResponses(channels, { switchedOff }), ...(problems ?? [])].filter((p) => {
      const key = `${p.platform}|${p.index ?? ''}|${p.field ?? ''}|${p.message}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
  }, [problems, channels, switchedOff]);
  const current = channels.some((c) => c.platform === selected) ? selected : DEFAULT_PLATFORM;
  const missing = PLATFORMS.filter((p) => !channels.some((c) => c.platform === p));

  const replace = (platform: Platform, next: ChannelResponses) => onChange(channels.map((c) => (c.platform === platform ? next : c)));
  const addChannel = (platform: Platform) => {
    onChange([...channels, emptyChannel(platform)].sort(compareChannels));
    setSelected(platform);
  };
  const deleteChannel = (platform: Platform) => {
    onChange(channels.filter((c) => c.platform !== platform));
    setSelected(DEFAULT_PLATFORM);
  };

  return (
    <div className="civic-re">
      <div className="civic-re-tabs-bar">
        <Tabs id={`${idPrefix}-channels`} selectedTabId={slug(current)} onChange={(id) => setSelected(channels.find((c) => slug(c.platform) === id)?.platform ?? DEFAULT_PLATFORM)} renderActiveTabPanelOnly>
          {channels.map((channel) => {
            const own = allProblems.filter((p) => p.platform === channel.platform);
            const flagged = own.length > 0;
            return (
              <Tab
                key={channel.platform}
                id={slug(channel.platform)}
                title={
                  <span className="civic-re-tab-title">
                    {PLATFORM_LABELS[channel.platform]}
                    {flagged && <WarningSignIcon className={own.some((p) => p.severity === 'error') ? 'civic-re-tab-flag bp6-intent-danger' : 'civic-re-tab-flag bp6-intent-warning'} title="Has problems" />}
                  </span>
                }
                panel={
                  <ChannelPanel
                    channel={channel}
                    problems={own}
                    readOnly={readOnly}
                    idPrefix={idPrefix}
                    onChange={(next) => replace(channel.platform, next)}
                    onDelete={channel.platform === DEFAULT_PLATFORM ? undefined : () => setPendingDelete(channel.platform)}
                    switchedOff={switchedOff}
                  />
                }
              />
            );
          })}
        </Tabs>
        {!readOnly && missing.length > 0 && (
          <PopoverNext
            placement="bottom-end"
            arrow={false}
            popupKind={PopupKind.MENU}
            content={
              <Menu aria-label="Channels">
                {missing.map((platform) => (
                  <MenuItem key={platform} text={PLATFORM_LABELS[platform]} onClick={() => addChannel(platform)} />
                ))}
              </Menu>
            }
            renderTarget={({ isOpen: _isOpen, ...targetProps }) => <Button {...targetProps} icon={<AddIcon />} variant="minimal" text="Add channel" />}
          />
        )}
      </div>
      <Alert
        isOpen={pendingDelete !== null}
        intent="danger"
        icon={<TrashIcon />}
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        canEscapeKeyCancel
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => {
          if (pendingDelete) deleteChannel(pendingDelete);
          setPendingDelete(null);
        }}
      >
        <p>{Messages.confirmDelete}</p>
        {pendingDelete && <p>The {PLATFORM_LABELS[pendingDelete]} channel and its messages will be removed.</p>}
      </Alert>
    </div>
  );
}
