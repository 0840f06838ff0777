import type { ActionParameter, KnowledgeSnapshot, OutputContext, PhrasePart, SnapshotIntent } from '../../knowledge-base/contract/common/knowledge/index';
import type { ChannelResponses, Platform, ResponseMessage } from '../../knowledge-base/contract/common/responses/index';
import { HttpError } from '@civic/sdk/server';
import { unzipUntrusted } from '@civic/sdk/server/untrusted-file';
import { strFromU8, strToU8, zipSync, type Zippable } from '@civic/sdk/server/zip';
import { PublishingMessages } from '../common/messages';
import { fileRefusal } from './file-refusal';

/** Limits on uploaded agent zips (checked before anything is unpacked). */
export const ZIP_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxFiles: 5_000,
  /** Compression ratio above which a large entry is treated as a bomb. */
  maxRatio: 100,
} as const;

const MB = 1024 * 1024;
const UNSPECIFIED: Platform = 'PLATFORM_UNSPECIFIED';
const WEBHOOK_SLOT = 'WEBHOOK_STATE_ENABLED_FOR_SLOT_FILLING';

/** An intent as imported: references by name, not id. */
export interface ImportedIntent {
  name: string;
  parentName: string | null;
  kind: 'intent' | 'qna';
  defaultKind: 'welcome' | 'fallback' | null;
  webhook_state: SnapshotIntent['webhook_state'];
  action: string;
  events: string[];
  inputContexts: string[];
  outputContexts: OutputContext[];
  trainingPhrases: Array<{ reference_id: string; type: 'example' | 'template'; parts: PhrasePart[]; text: string }>;
  parameters: ActionParameter[];
  responses: ChannelResponses[];
  categories: string[];
  labels: string[];
  answerOwner: string | null;
  sourceUrl: string | null;
  reviewBy: string | null;
}

export interface ImportedAgent {
  displayName: string;
  intents: ImportedIntent[];
  entityTypes: Array<{ name: string; kind: 'KIND_MAP' | 'KIND_LIST' | 'KIND_REGEXP'; fuzzy: boolean; entries: Array<{ value: string; synonyms: string[] }> }>;
  glossary: Array<{ term: string; synonyms: string[]; definition: string }>;
  categories: string[];
  labels: string[];
}

// ---------------------------------------------------------------- export

/** A stable UUID-shaped id from a string (not a secret: just deterministic, so exports of equal content are equal). */
export function stableId(key: string): string {
  const hex: string[] = [];
  for (let seed = 0; seed < 4; seed += 1) {
    let h = 0x811c9dc5 ^ (seed * 0x9e3779b1);
    for (let i = 0; i < key.length; i += 1) {
      h ^= key.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    hex.push((h >>> 0).toString(16).padStart(8, '0'));
  }
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-8${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

/** Dialogflow file names: the intent name with characters no file system takes replaced. */
export function fileNameOf(name: string): string {
  const cleaned = name.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_').trim();
  return cleaned.slice(0, 150) || '_';
}

function uniqueFileNames<T>(items: readonly T[], nameOf: (item: T) => string): Map<T, string> {
  const used = new Set<string>();
  const names = new Map<T, string>();
  for (const item of items) {
    const base = fileNameOf(nameOf(item));
    let candidate = base;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1) candidate = `${base} (${n})`;
    used.add(candidate.toLowerCase());
    names.set(item, candidate);
  }
  return names;
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

function dfMessages(responses: readonly ChannelResponses[]): unknown[] {
  const out: unknown[] = [];
  for (const channel of responses) {
    const platform = channel.platform === UNSPECIFIED ? {} : { platform: channel.platform.toLowerCase() };
    for (const message of channel.messages) {
      const base = { ...platform, lang: 'en', condition: '' };
      switch (message.type) {
        case 'text':
          out.push({ type: '0', ...base, speech: message.text });
          break;
        case 'card':
          out.push({ type: '1', ...base, title: message.card.title, subtitle: message.card.subtitle, imageUrl: message.card.imageUri, buttons: message.card.buttons.map((b) => ({ text: b.text, postback: b.postback })) });
          break;
        case 'quickReplies':
          out.push({ type: '2', ...base, title: message.title, replies: message.quickReplies });
          break;
        case 'image':
          out.push({ type: '3', ...base, imageUrl: message.imageUri });
          break;
        default:
          out.push({ type: '4', ...base, payload: { civic: message } });
      }
    }
  }
  return out;
}

/**
 * The knowledge base as a Dialogflow ES agent zip: agent.json, package.json, intents/<name>.json
 * with <name>_usersays_en.json, entities/<name>.json with <name>_entries_en.json. What Dialogflow has
 * no field for (Q&A kind, categories, labels, review dates, glossary, the console's message kinds)
 * travels in `civic` keys and civic/*.json, which other tools ignore.
 */
export function exportAgent(snapshot: KnowledgeSnapshot, displayName: string): Uint8Array {
  const files: Zippable = {};
  files['agent.json'] = json({
    description: '',
    language: 'en',
    shortDescription: '',
    examples: {},
    linkToDocs: '',
    displayName,
    disableInteractionLogs: false,
    disableStackdriverLogs: true,
    defaultTimezone: 'Asia/Singapore',
    isPrivate: true,
    mlMinConfidence: 0.3,
    supportedLanguages: [],
    enableOnePlatformApi: true,
    onePlatformApiVersion: 'v2',
    analyzeQueryTextSentiment: false,
    enabledKnowledgeBaseNames: [],
    knowledgeServiceConfidenceAdjustment: 0,
    dialogBuilderMode: false,
    baseActionPackagesUrl: '',
    enableSpellCorrection: false,
  });
  files['package.json'] = json({ version: '1.0.0' });

  const intentName = new Map(snapshot.intents.map((intent) => [intent.id, intent.displayName]));
  const parentOf = new Map(snapshot.intents.map((intent) => [intent.id, intent.parentId]));
  const rootOf = (id: string): string => {
    let current = id;
    for (let guard = 0; guard < 100; guard += 1) {
      const parent = parentOf.get(current);
      if (!parent) return current;
      current = parent;
    }
    return current;
  };
  const categoryName = new Map(snapshot.categories.map((c) => [c.id, c.name]));
  const labelName = new Map(snapshot.labels.map((l) => [l.id, l.name]));
  const intentFiles = uniqueFileNames(snapshot.intents, (intent) => intent.displayName);
  for (const intent of snapshot.intents) {
    const file = intentFiles.get(intent) ?? fileNameOf(intent.displayName);
    const parentName = intent.parentId ? intentName.get(intent.parentId) : undefined;
    const rootName = intent.parentId ? intentName.get(rootOf(intent.id)) : undefined;
    files[`intents/${file}.json`] = json({
      id: stableId(`intent:${intent.displayName}`),
      ...(parentName ? { parentId: stableId(`intent:${parentName}`), rootParentId: stableId(`intent:${rootName ?? parentName}`) } : {}),
      name: intent.displayName,
      auto: true,
      contexts: intent.inputContexts,
      responses: [
        {
          resetContexts: false,
          action: intent.action,
          affectedContexts: intent.outputContexts.map((c) => ({ name: c.name, lifespan: c.lifespanCount })),
          parameters: intent.parameters.map((p) => ({
            id: p.reference_id,
            name: p.display_name,
            required: p.mandatory,
            dataType: p.entity_type_display_name,
            value: p.value,
            defaultValue: '',
            isList: p.is_list,
            prompts: p.prompts.map((value) => ({ lang: 'en', value })),
            promptMessages: [],
            noMatchPromptMessages: [],
            noInputPromptMessages: [],
            outputDialogContexts: [],
          })),
          messages: dfMessages(intent.responses),
          defaultResponsePlatforms: Object.fromEntries(
            intent.responses.filter((c) => c.platform !== UNSPECIFIED && c.enable_default_response).map((c) => [c.platform.toLowerCase(), true]),
          ),
          speech: [],
        },
      ],
      priority: 500000,
      webhookUsed: intent.webhook_state !== 'WEBHOOK_STATE_UNSPECIFIED',
      webhookForSlotFilling: intent.webhook_state === WEBHOOK_SLOT,
      fallbackIntent: intent.defaultKind === 'fallback',
      events: intent.events.map((name) => ({ name })),
      conditionalResponses: [],
      condition: '',
      conditionalFollowupEvents: [],
      civic: {
        kind: intent.kind,
        defaultKind: intent.defaultKind,
        webhookState: intent.webhook_state,
        categories: intent.categoryIds.map((id) => categoryName.get(id) ?? '').filter(Boolean).sort(),
        labels: intent.labelIds.map((id) => labelName.get(id) ?? '').filter(Boolean).sort(),
        answerOwner: intent.answerOwner,
        sourceUrl: intent.sourceUrl,
        reviewBy: intent.reviewBy,
        responses: intent.responses,
      },
    });
    if (intent.trainingPhrases.length > 0) {
      files[`intents/${file}_usersays_en.json`] = json(
        intent.trainingPhrases.map((phrase, index) => ({
          id: stableId(`phrase:${intent.displayName}:${index}:${phrase.text}`),
          data: phrase.parts.map((part) =>
            part.entity_type
              ? { text: part.text, alias: part.param_name ?? part.entity_type.replace(/^@/, ''), meta: part.entity_type, userDefined: part.manual_tagged ?? false }
              : { text: part.text, userDefined: false },
          ),
          isTemplate: phrase.type === 'template',
          count: 0,
          lang: 'en',
          updated: 0,
        })),
      );
    }
  }

  const entityFiles = uniqueFileNames(snapshot.entityTypes, (entity) => entity.display_name);
  for (const entity of snapshot.entityTypes) {
    const file = entityFiles.get(entity) ?? fileNameOf(entity.display_name);
    files[`entities/${file}.json`] = json({
      id: stableId(`entity:${entity.display_name}`),
      name: entity.display_name,
      isOverridable: true,
      isEnum: entity.kind === 'KIND_LIST',
      isRegexp: entity.kind === 'KIND_REGEXP',
      automatedExpansion: false,
      allowFuzzyExtraction: entity.enable_fuzzy_extraction,
    });
    files[`entities/${file}_entries_en.json`] = json(entity.entities.map((entry) => ({ value: entry.value, synonyms: entry.synonyms })));
  }
  files['civic/glossary.json'] = json(snapshot.glossary.map((term) => ({ term: term.term, synonyms: term.synonyms, definition: term.definition })));
  files['civic/classification.json'] = json({ categories: snapshot.categories.map((c) => c.name), labels: snapshot.labels.map((l) => l.name) });
  return zipSync(files, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') });
}

// ---------------------------------------------------------------- import

export { isZipData as isZip } from '@civic/sdk/server/untrusted-file';

/**
 * Opens an uploaded zip safely, off the request thread: size limit, type by magic bytes, the central
 * directory checked for unsafe names, too many files, too many declared bytes and bomb-like ratios
 * before anything is inflated, then real inflated bytes counted (`unzipUntrusted`). Every refusal is
 * an HttpError with a clear 4xx.
 */
export async function openZip(data: Uint8Array): Promise<Record<string, Uint8Array>> {
  if (data.byteLength > ZIP_LIMITS.maxBytes) throw new HttpError(413, PublishingMessages.fileTooLarge(ZIP_LIMITS.maxBytes / MB));
  try {
    return await unzipUntrusted(data, ZIP_LIMITS);
  } catch (error) {
    throw fileRefusal(error, ZIP_LIMITS);
  }
}

function parseJson(files: Record<string, Uint8Array>, name: string): unknown {
  const content = files[name];
  if (!content) return undefined;
  try {
    return JSON.parse(strFromU8(content).replace(/^\uFEFF/, '')) as unknown;
  } catch {
    throw HttpError.invalid([PublishingMessages.invalidJson(name)]);
  }
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const bool = (value: unknown): boolean => value === true;
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const strings = (value: unknown): string[] => arr(value).filter((x): x is string => typeof x === 'string');

function bad(file: string, problem: string): HttpError {
  return HttpError.invalid([PublishingMessages.invalidAgentFile(file, problem)]);
}

const PLATFORM_BY_LOWER = new Map<string, Platform>(
  ['PLATFORM_UNSPECIFIED', 'FACEBOOK', 'SLACK', 'TELEGRAM', 'KIK', 'SKYPE', 'LINE', 'VIBER', 'ACTIONS_ON_GOOGLE', 'GOOGLE_HANGOUTS', 'WHATSAPP'].map((p) => [p.toLowerCase(), p as Platform]),
);

/** Dialogflow messages → channel responses (used when the zip has no `civic.responses`). */
function responsesFromDf(messages: unknown[], defaults: Obj): ChannelResponses[] {
  const byPlatform = new Map<Platform, ResponseMessage[]>();
  for (const raw of messages) {
    if (!isObj(raw)) continue;
    const platform = PLATFORM_BY_LOWER.get(str(raw.platform).toLowerCase()) ?? UNSPECIFIED;
    const type = String(raw.type);
    let message: ResponseMessage | undefined;
    if (type === '0' || type === 'message') {
      const speech = Array.isArray(raw.speech) ? strings(raw.speech) : typeof raw.speech === 'string' ? [raw.speech] : [];
      message = { type: 'text', text: speech };
    } else if (type === '1') {
      message = { type: 'card', card: { title: str(raw.title), subtitle: str(raw.subtitle), imageUri: str(raw.imageUrl), buttons: arr(raw.buttons).filter(isObj).map((b) => ({ text: str(b.text), postback: str(b.postback) })) } };
    } else if (type === '2') {
      message = { type: 'quickReplies', title: str(raw.title), quickReplies: strings(raw.replies) };
    } else if (type === '3') {
      message = { type: 'image', imageUri: str(raw.imageUrl), accessibilityText: '' };
    } else if (type === '4') {
      const payload = isObj(raw.payload) ? raw.payload : {};
      message = isObj(payload.civic) && typeof payload.civic.type === 'string' ? (payload.civic as unknown as ResponseMessage) : { type: 'customPayload', json: JSON.stringify(payload) };
    }
    if (!message) continue;
    byPlatform.set(platform, [...(byPlatform.get(platform) ?? []), message]);
  }
  return [...byPlatform.entries()].map(([platform, list]) => ({
    platform,
    enable_default_response: platform === UNSPECIFIED ? true : bool(defaults[platform.toLowerCase()]),
    messages: list,
  }));
}

function validResponses(value: unknown): value is ChannelResponses[] {
  return Array.isArray(value) && value.every((c) => isObj(c) && typeof c.platform === 'string' && PLATFORM_BY_LOWER.has(c.platform.toLowerCase()) && Array.isArray(c.messages) && c.messages.every((m) => isObj(m) && typeof m.type === 'string'));
}

/** Reads a Dialogflow ES agent (from openZip) into names-not-ids form; malformed files are a 422 naming the file. */
export function parseAgent(files: Record<string, Uint8Array>): ImportedAgent {
  const agent = parseJson(files, 'agent.json');
  if (agent === undefined) throw HttpError.invalid([PublishingMessages.agentMissing]);
  if (!isObj(agent)) throw bad('agent.json', 'not an object');

  const intentFiles = Object.keys(files).filter((name) => /^intents\/[^/]+\.json$/.test(name) && !/_usersays_[a-z-]+\.json$/i.test(name)).sort();
  const idToName = new Map<string, string>();
  const raw = intentFiles.map((file) => {
    const value = parseJson(files, file);
    if (!isObj(value)) throw bad(file, 'not an object');
    const name = str(value.name).trim();
    if (!name) throw bad(file, 'the intent has no name');
    if (typeof value.id === 'string') idToName.set(value.id, name);
    return { file, value, name };
  });
  const seen = new Set<string>();
  const intents: ImportedIntent[] = raw.map(({ file, value, name }) => {
    if (seen.has(name.toLowerCase())) throw bad(file, `a second intent named "${name}"`);
    seen.add(name.toLowerCase());
    const response = isObj(arr(value.responses)[0]) ? (arr(value.responses)[0] as Obj) : {};
    const civic = isObj(value.civic) ? value.civic : {};
    const usersaysFile = file.replace(/\.json$/, '_usersays_en.json');
    const usersays = parseJson(files, usersaysFile);
    if (usersays !== undefined && !Array.isArray(usersays)) throw bad(usersaysFile, 'not a list of phrases');
    const trainingPhrases = arr(usersays).map((entry, index) => {
      if (!isObj(entry) || !Array.isArray(entry.data)) throw bad(usersaysFile, `phrase ${index + 1} has no data`);
      const parts: PhrasePart[] = entry.data.filter(isObj).map((part) =>
        typeof part.meta === 'string' && part.meta.startsWith('@') && !part.meta.startsWith('@sys.ignore')
          ? { text: str(part.text), entity_type: part.meta, param_name: str(part.alias, part.meta.slice(1)), manual_tagged: bool(part.userDefined) }
          : { text: str(part.text) },
      );
      return { reference_id: str(entry.id, `phrase-${index}`), type: bool(entry.isTemplate) ? ('template' as const) : ('example' as const), parts, text: parts.map((p) => p.text).join('') };
    });
    const parameters: ActionParameter[] = arr(response.parameters)
      .filter(isObj)
      .map((p, index) => ({
        reference_id: str(p.id, `param-${index}`),
        display_name: str(p.name),
        entity_type_display_name: str(p.dataType),
        value: str(p.value),
        mandatory: bool(p.required),
        is_list: bool(p.isList),
        prompts: arr(p.prompts).map((prompt) => (isObj(prompt) ? str(prompt.value) : str(prompt))).filter(Boolean),
      }));
    const webhook = str(civic.webhookState);
    const webhook_state: SnapshotIntent['webhook_state'] =
      webhook === 'WEBHOOK_STATE_ENABLED' || webhook === WEBHOOK_SLOT || webhook === 'WEBHOOK_STATE_UNSPECIFIED'
        ? webhook
        : bool(value.webhookForSlotFilling)
          ? WEBHOOK_SLOT
          : bool(value.webhookUsed)
            ? 'WEBHOOK_STATE_ENABLED'
            : 'WEBHOOK_STATE_UNSPECIFIED';
    const defaultKind = civic.defaultKind === 'welcome' || civic.defaultKind === 'fallback' ? civic.defaultKind : bool(value.fallbackIntent) ? 'fallback' : null;
    return {
      name,
      parentName: typeof value.parentId === 'string' ? (idToName.get(value.parentId) ?? null) : null,
      kind: civic.kind === 'qna' ? 'qna' : 'intent',
      defaultKind,
      webhook_state,
      action: str(response.action),
      events: arr(value.events).map((e) => (isObj(e) ? str(e.name) : str(e))).filter(Boolean),
      inputContexts: strings(value.contexts),
      outputContexts: arr(response.affectedContexts).filter(isObj).map((c) => ({ name: str(c.name), lifespanCount: typeof c.lifespan === 'number' ? c.lifespan : 5 })),
      trainingPhrases,
      parameters,
      responses: validResponses(civic.responses) ? civic.responses : responsesFromDf(arr(response.messages), isObj(response.defaultResponsePlatforms) ? response.defaultResponsePlatforms : {}),
      categories: strings(civic.categories),
      labels: strings(civic.labels),
      answerOwner: strOrNull(civic.answerOwner),
      sourceUrl: strOrNull(civic.sourceUrl),
      reviewBy: typeof civic.reviewBy === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(civic.reviewBy) ? civic.reviewBy : null,
    };
  });

  const entityFiles = Object.keys(files).filter((name) => /^entities\/[^/]+\.json$/.test(name) && !/_entries_[a-z-]+\.json$/i.test(name)).sort();
  const entityTypes = entityFiles.map((file) => {
    const value = parseJson(files, file);
    if (!isObj(value)) throw bad(file, 'not an object');
    const name = str(value.name).trim().replace(/^@/, '');
    if (!name) throw bad(file, 'the entity has no name');
    const entriesFile = file.replace(/\.json$/, '_entries_en.json');
    const entries = parseJson(files, entriesFile);
    if (entries !== undefined && !Array.isArray(entries)) throw bad(entriesFile, 'not a list of entries');
    return {
      name,
      kind: bool(value.isRegexp) ? ('KIND_REGEXP' as const) : bool(value.isEnum) ? ('KIND_LIST' as const) : ('KIND_MAP' as const),
      fuzzy: bool(value.allowFuzzyExtraction),
      entries: arr(entries)
        .filter(isObj)
        .map((entry) => ({ value: str(entry.value), synonyms: strings(entry.synonyms) })),
    };
  });

  const glossaryRaw = parseJson(files, 'civic/glossary.json');
  const glossary = arr(glossaryRaw)
    .filter(isObj)
    .map((term) => ({ term: str(term.term).trim(), synonyms: strings(term.synonyms), definition: str(term.definition) }))
    .filter((term) => term.term);
  const classification = parseJson(files, 'civic/classification.json');
  const cls = isObj(classification) ? classification : {};
  const categories = [...new Set([...strings(cls.categories), ...intents.flatMap((i) => i.categories)])];
  const labels = [...new Set([...strings(cls.labels), ...intents.flatMap((i) => i.labels)])];
  return { displayName: str(agent.displayName), intents, entityTypes, glossary, categories, labels };
}
