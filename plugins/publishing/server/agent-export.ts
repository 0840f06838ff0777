import type { KnowledgeSnapshot } from '../../knowledge-base/contract/common/knowledge/index';
import type { ChannelResponses } from '../../knowledge-base/contract/common/responses/index';
import { strToU8, zipSync, type Zippable } from '@civic/sdk/server/zip';
import { UNSPECIFIED, WEBHOOK_SLOT } from './agent-model';

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
