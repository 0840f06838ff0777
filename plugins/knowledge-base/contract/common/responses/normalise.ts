import { DEFAULT_PLATFORM, PLATFORMS, type ChannelResponses } from './channel-responses';
import type { Card, CardButton, ResponseMessage, TableCardMessage } from './response-message';

/** At most this many buttons on a card inside a carousel (§5). */
export const CAROUSEL_CARD_MAX_BUTTONS = 3;

const filled = (value: string | undefined): boolean => typeof value === 'string' && value.trim() !== '';

/** A button with neither text nor postback is a blank (the entry row of the editors). */
export function isBlankButton(button: CardButton): boolean {
  return !filled(button.text) && !filled(button.postback);
}

/** §5 card buttons: blanks removed. */
export function withoutBlankButtons(buttons: readonly CardButton[]): CardButton[] {
  return buttons.filter((button) => !isBlankButton(button)).map((button) => ({ ...button }));
}

/** The editors' entry row: the buttons without blanks plus one blank at the end (§5). */
export function withEntryButton(buttons: readonly CardButton[]): CardButton[] {
  return [...withoutBlankButtons(buttons), { text: '', postback: '' }];
}

/** §5: a card is kept only with a title, subtitle, image or first button text. */
export function isCardFilled(card: Card): boolean {
  const first = withoutBlankButtons(card.buttons ?? [])[0];
  return filled(card.title) || filled(card.subtitle) || filled(card.imageUri) || filled(first?.text);
}

function normaliseCard(card: Card, maxButtons?: number): Card {
  const buttons = withoutBlankButtons(card.buttons ?? []);
  return { ...card, buttons: maxButtons === undefined ? buttons : buttons.slice(0, maxButtons) };
}

function normaliseTable(message: TableCardMessage): TableCardMessage {
  const columns = message.columns.map((column) => ({ ...column }));
  const rows = message.rows
    .filter((row) => row.cells.some(filled))
    .map((row) => ({
      ...row,
      cells: columns.length > 0 ? columns.map((_, i) => row.cells[i] ?? '') : [...row.cells],
    }));
  return { ...message, columns, rows, buttons: withoutBlankButtons(message.buttons) };
}

/**
 * One message after the §5 save rules, or null when the rules drop it. Pure: the input is not
 * changed. Kinds §5 does not name follow the same idea: a message with nothing to show is dropped.
 */
export function normaliseMessage(message: ResponseMessage): ResponseMessage | null {
  switch (message.type) {
    case 'text': {
      const text = message.text.filter(filled);
      return text.length > 0 ? { ...message, text } : null;
    }
    case 'image':
      return filled(message.imageUri) ? { ...message } : null;
    case 'quickReplies': {
      const quickReplies = message.quickReplies.filter(filled);
      return filled(message.title) || quickReplies.length > 0 ? { ...message, quickReplies } : null;
    }
    case 'card': {
      const card = normaliseCard(message.card);
      return isCardFilled(card) ? { ...message, card } : null;
    }
    case 'tableCard': {
      const table = normaliseTable(message);
      const hasContent =
        filled(table.title) || filled(table.subtitle) || filled(table.imageUri) || table.rows.length > 0 || table.columns.some((c) => filled(c.header));
      return hasContent ? table : null;
    }
    case 'payload':
      return filled(message.content) ? { ...message } : null;
    case 'form': {
      const fields = message.fields
        .filter((field) => filled(field.name) || filled(field.label))
        .map((field) => ({ ...field, options: field.options.filter(filled) }));
      return filled(message.title) || fields.length > 0 ? { ...message, fields } : null;
    }
    case 'carousel': {
      const items = message.items
        .map((item) => ({ card: normaliseCard(item.card, CAROUSEL_CARD_MAX_BUTTONS) }))
        .filter((item) => isCardFilled(item.card));
      return items.length > 0 ? { ...message, items } : null;
    }
    case 'video':
      return filled(message.videoUri) ? { ...message } : null;
    case 'html':
      return filled(message.html) ? { ...message } : null;
    case 'customPayload':
      return filled(message.json) ? { ...message } : null;
    case 'file':
      return filled(message.fileUri) ? { ...message } : null;
    case 'imageGallery': {
      const images = message.images.filter((image) => filled(image.imageUri)).map((image) => ({ ...image }));
      return images.length > 0 ? { ...message, images } : null;
    }
    case 'miniCarousel': {
      const items = message.items.filter((item) => filled(item.title) || filled(item.imageUri)).map((item) => ({ ...item }));
      return items.length > 0 ? { ...message, items } : null;
    }
    default:
      return null;
  }
}

/** True when the save rules would drop the message. */
export function isEmptyMessage(message: ResponseMessage): boolean {
  return normaliseMessage(message) === null;
}

/** Web chat (the default platform) first, then the order of `PLATFORMS`. */
export function compareChannels(a: ChannelResponses, b: ChannelResponses): number {
  return PLATFORMS.indexOf(a.platform) - PLATFORMS.indexOf(b.platform);
}

/**
 * §5 save rules for every channel: empty text lines dropped; cards kept only with a title, subtitle,
 * image or first button text; card buttons without blanks; carousel cards with at most 3 buttons;
 * carousels with at least one non-empty card; quick replies with a title or a non-empty reply; empty
 * html dropped (and every other kind with nothing in it). Channels keep their order; a channel that
 * ends up with no messages stays (the "no responses" warning is `validateChannelResponses`').
 */
export function normaliseChannelResponses(list: readonly ChannelResponses[]): ChannelResponses[] {
  return list.map((channel) => ({
    platform: channel.platform,
    enable_default_response: channel.enable_default_response,
    messages: channel.messages.map(normaliseMessage).filter((m): m is ResponseMessage => m !== null),
  }));
}

/** The list with a web chat channel (added first, default response on) when it has none. */
export function ensureDefaultChannel(list: readonly ChannelResponses[]): ChannelResponses[] {
  if (list.some((channel) => channel.platform === DEFAULT_PLATFORM)) return [...list];
  return [emptyChannel(DEFAULT_PLATFORM), ...list];
}

/** A new channel tab: default response enabled, no messages (issue 4). */
export function emptyChannel(platform: ChannelResponses['platform']): ChannelResponses {
  return { platform, enable_default_response: true, messages: [] };
}

/**
 * The messages an intent answers with on a channel (issue 8: "the intent's messages for the asking
 * channel, web chat default"): a channel without its own tab gets the web chat messages; a channel
 * with `enable_default_response` gets the web chat messages first, then its own. Normalised (§5),
 * so what the widget shows is what the save rules keep.
 */
export function messagesForChannel(list: readonly ChannelResponses[], platform: ChannelResponses['platform'] = DEFAULT_PLATFORM): ResponseMessage[] {
  const byPlatform = (p: ChannelResponses['platform']) => list.find((channel) => channel.platform === p);
  const keep = (channel: ChannelResponses | undefined) => (channel?.messages ?? []).map(normaliseMessage).filter((m): m is ResponseMessage => m !== null);
  const own = byPlatform(platform);
  if (platform === DEFAULT_PLATFORM || !own) return keep(byPlatform(DEFAULT_PLATFORM));
  return own.enable_default_response ? [...keep(byPlatform(DEFAULT_PLATFORM)), ...keep(own)] : keep(own);
}
