import type { ActionParameter, PhrasePart, SnapshotIntent } from '../../knowledge-base/contract/common/knowledge/index';
import type { ChannelResponses, Platform, ResponseMessage } from '../../knowledge-base/contract/common/responses/index';
import { HttpError } from '@civic/sdk/server';
import { unzipUntrusted } from '@civic/sdk/server/untrusted-file';
import { strFromU8 } from '@civic/sdk/server/zip';
import { PublishingMessages } from '../common/messages';
import { fileRefusal } from './file-refusal';
import { MB, UNSPECIFIED, WEBHOOK_SLOT, ZIP_LIMITS, type ImportedAgent, type ImportedIntent } from './agent-model';

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
