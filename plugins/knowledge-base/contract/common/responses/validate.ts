import { PLATFORMS, type ChannelResponses, type Platform } from './channel-responses';
import { isEmptyMessage } from './normalise';
import type { Card, CardButton, ResponseMessage, ResponseMessageType } from './response-message';
import { ResponseTexts } from './response-texts';
import { isUrlPostback, urlProblem, type UrlKind } from './urls';
import { KbMessages } from '../../../common/messages';

/**
 * One problem with an intent's responses, where the editor shows it: the channel, the message
 * (`index` in that channel's list as given) and the field path inside the message (`field`, e.g.
 * `card.buttons.0.postback`). `error`s block a save; `warning`s (a channel with no responses, §5)
 * are shown and the save goes on.
 */
export interface ResponseProblem {
  platform: Platform;
  index?: number;
  field?: string;
  message: string;
  /** A second line, e.g. "Please create at least one response." under the §8 warning. */
  detail?: string;
  severity: 'error' | 'warning';
}

type Emit = (field: string, message: string) => void;

function checkUrl(emit: Emit, field: string, value: string | undefined, kind: UrlKind = 'resource'): void {
  const problem = typeof value === 'string' ? urlProblem(value, kind) : null;
  if (problem) emit(field, problem);
}

function checkButtons(emit: Emit, prefix: string, buttons: readonly CardButton[]): void {
  buttons.forEach((button, i) => {
    const text = button.text?.trim() ?? '';
    const postback = button.postback?.trim() ?? '';
    if (text === '' && postback !== '') emit(`${prefix}.${i}.text`, ResponseTexts.buttonNeedsText);
    if (isUrlPostback(postback)) checkUrl(emit, `${prefix}.${i}.postback`, postback, 'link');
  });
}

function checkCard(emit: Emit, prefix: string, card: Card): void {
  checkUrl(emit, `${prefix}.imageUri`, card.imageUri);
  checkButtons(emit, `${prefix}.buttons`, card.buttons ?? []);
}

/** The error-level problems of one message, as `[field, message]` pairs. */
export function messageProblems(message: ResponseMessage): Array<{ field: string; message: string }> {
  const out: Array<{ field: string; message: string }> = [];
  const emit: Emit = (field, text) => out.push({ field, message: text });
  switch (message.type) {
    case 'image':
      checkUrl(emit, 'imageUri', message.imageUri);
      break;
    case 'card':
      checkCard(emit, 'card', message.card);
      break;
    case 'tableCard':
      checkUrl(emit, 'imageUri', message.imageUri);
      checkButtons(emit, 'buttons', message.buttons);
      break;
    case 'carousel':
      message.items.forEach((item, i) => checkCard(emit, `items.${i}.card`, item.card));
      break;
    case 'video':
      checkUrl(emit, 'videoUri', message.videoUri);
      break;
    case 'file':
      checkUrl(emit, 'fileUri', message.fileUri);
      break;
    case 'imageGallery':
      message.images.forEach((image, i) => checkUrl(emit, `images.${i}.imageUri`, image.imageUri));
      break;
    case 'miniCarousel':
      message.items.forEach((item, i) => {
        checkUrl(emit, `items.${i}.imageUri`, item.imageUri);
        if (isUrlPostback(item.postback)) checkUrl(emit, `items.${i}.postback`, item.postback, 'link');
      });
      break;
    case 'customPayload':
      if (message.json.trim() !== '') {
        try {
          JSON.parse(message.json);
        } catch {
          emit('json', KbMessages.customPayloadError);
        }
      }
      break;
    case 'form': {
      const names = new Set<string>();
      message.fields.forEach((field, i) => {
        const name = field.name.trim();
        if (name === '' && field.label.trim() === '') return;
        if (name === '') emit(`fields.${i}.name`, ResponseTexts.formFieldNeedsName);
        else if (names.has(name)) emit(`fields.${i}.name`, ResponseTexts.formFieldDuplicateName);
        names.add(name);
        if (field.fieldType === 'select' && !field.options.some((o) => o.trim() !== '')) {
          emit(`fields.${i}.options`, ResponseTexts.selectNeedsOptions);
        }
      });
      break;
    }
    default:
      break;
  }
  return out;
}

export interface ResponseCheckOptions {
  /** Kinds the deployment switched off (`switchedOffKinds`): a message of one is an error. */
  switchedOff?: readonly ResponseMessageType[];
}

/**
 * The §5 checks of an intent's responses, with the §8 texts: URLs valid and external ones https
 * (`KbMessages.invalidUrl` / `invalidHttpsUrl`), custom payload valid JSON
 * (`KbMessages.customPayloadError`), and a warning for a channel with no responses
 * (`KbMessages.channelWithoutResponses` + `createOneResponse`), counting only messages the save rules
 * keep, and an error for a message of a kind the deployment switched off. Works on the editor's list
 * as it is (indices are the editor's) or on a normalised list.
 */
export function validateChannelResponses(list: readonly ChannelResponses[], options: ResponseCheckOptions = {}): ResponseProblem[] {
  const switchedOff = new Set(options.switchedOff ?? []);
  const problems: ResponseProblem[] = [];
  const seen = new Set<Platform>();
  for (const channel of list) {
    const { platform } = channel;
    if (!PLATFORMS.includes(platform)) {
      problems.push({ platform, message: ResponseTexts.unknownChannel, severity: 'error' });
      continue;
    }
    if (seen.has(platform)) problems.push({ platform, message: ResponseTexts.duplicateChannel, severity: 'error' });
    seen.add(platform);
    channel.messages.forEach((message, index) => {
      if (switchedOff.has(message.type)) problems.push({ platform, index, message: ResponseTexts.kindSwitchedOff, severity: 'error' });
      for (const problem of messageProblems(message)) {
        problems.push({ platform, index, field: problem.field, message: problem.message, severity: 'error' });
      }
    });
    if (channel.messages.every(isEmptyMessage)) {
      problems.push({
        platform,
        message: KbMessages.channelWithoutResponses,
        detail: KbMessages.createOneResponse,
        severity: 'warning',
      });
    }
  }
  return problems;
}

/** Only the problems that block a save. */
export function responseErrors(problems: readonly ResponseProblem[]): ResponseProblem[] {
  return problems.filter((problem) => problem.severity === 'error');
}
