import type { KnowledgeSnapshot, SnapshotIntent } from '../../knowledge-base/contract/common/knowledge/index';
import { PLATFORM_LABELS, RESPONSE_MESSAGE_LABELS, type ResponseMessage } from '../../knowledge-base/contract/common/responses/index';

export type DiffSection = 'intents' | 'entityTypes' | 'glossary' | 'categories' | 'labels';
export type ChangeKind = 'added' | 'removed' | 'changed';

export interface FieldChange {
  field: string;
  /** Display values: strings, or lists of strings for list fields. */
  before: string | string[] | null;
  after: string | string[] | null;
  /** For list fields: entries only on one side. */
  added?: string[];
  removed?: string[];
}

export interface ItemChange {
  section: DiffSection;
  id: string;
  name: string;
  change: ChangeKind;
  fields: FieldChange[];
}

export interface SnapshotDiff {
  changes: ItemChange[];
  summary: Record<ChangeKind, number>;
}

type Shown = string | string[] | null;
type Fields = Record<string, Shown>;

export const SECTION_LABELS: Record<DiffSection, string> = {
  intents: 'Intent / Q&A',
  entityTypes: 'Entity',
  glossary: 'Glossary term',
  categories: 'Category',
  labels: 'Label',
};

/** Stored enums as an editor reads them in the console. */
const ENTITY_KIND_LABELS: Record<string, string> = { KIND_MAP: 'Map', KIND_LIST: 'List', KIND_REGEXP: 'Regexp' };
const WEBHOOK_LABELS: Record<string, string> = {
  WEBHOOK_STATE_UNSPECIFIED: 'Off',
  WEBHOOK_STATE_ENABLED: 'On',
  WEBHOOK_STATE_ENABLED_FOR_SLOT_FILLING: 'On, also for slot filling',
};

/**
 * What changed from `before` to `after`, per item (paired by id, else by name) with the fields that
 * differ. Ids of categories, labels and parents are shown by name, so the diff reads as content.
 */
export function diffSnapshots(before: KnowledgeSnapshot, after: KnowledgeSnapshot): SnapshotDiff {
  const changes: ItemChange[] = [];
  const names = (snapshot: KnowledgeSnapshot) => ({
    categories: new Map(snapshot.categories.map((c) => [c.id, c.name])),
    labels: new Map(snapshot.labels.map((l) => [l.id, l.name])),
    intents: new Map(snapshot.intents.map((i) => [i.id, i.displayName])),
  });
  const beforeNames = names(before);
  const afterNames = names(after);

  const intentFields = (intent: SnapshotIntent, n: ReturnType<typeof names>): Fields => ({
    'Name': intent.displayName,
    'Kind': intent.kind === 'qna' ? 'Q&A' : 'Intent',
    'Parent': intent.parentId ? (n.intents.get(intent.parentId) ?? intent.parentId) : null,
    'Training phrases': intent.trainingPhrases.map((p) => (p.type === 'template' ? `${p.text} (template)` : p.text)),
    'Responses': intent.responses.flatMap((channel) =>
      channel.messages.map((message) => `${PLATFORM_LABELS[channel.platform] ?? channel.platform}: ${describeMessage(message)}`),
    ),
    'Parameters': intent.parameters.map((p) => `${p.display_name} ${p.entity_type_display_name}${p.mandatory ? ' (required)' : ''}${p.prompts.length ? `: ${p.prompts.join(' / ')}` : ''}`),
    'Events': [...intent.events],
    'Input contexts': [...intent.inputContexts],
    'Output contexts': intent.outputContexts.map((c) => `${c.name} (${c.lifespanCount})`),
    'Action': intent.action || null,
    'Webhook': WEBHOOK_LABELS[intent.webhook_state] ?? intent.webhook_state,
    'Categories': intent.categoryIds.map((id) => n.categories.get(id) ?? id).sort(),
    'Labels': intent.labelIds.map((id) => n.labels.get(id) ?? id).sort(),
    'Answer owner': intent.answerOwner,
    'Source URL': intent.sourceUrl,
    'Review by': intent.reviewBy,
  });

  diffSection(changes, 'intents', before.intents, after.intents, (i) => i.displayName, (i) => intentFields(i, beforeNames), (i) => intentFields(i, afterNames));
  const entityFields = (e: KnowledgeSnapshot['entityTypes'][number]): Fields => ({
    'Name': e.display_name,
    'Kind': ENTITY_KIND_LABELS[e.kind] ?? e.kind,
    'Fuzzy matching': e.enable_fuzzy_extraction ? 'on' : 'off',
    'Entries': e.entities.map((entry) => `${entry.value}${entry.synonyms.length ? `: ${entry.synonyms.join(', ')}` : ''}`),
  });
  diffSection(changes, 'entityTypes', before.entityTypes, after.entityTypes, (e) => e.display_name, entityFields, entityFields);
  const termFields = (t: KnowledgeSnapshot['glossary'][number]): Fields => ({ 'Term': t.term, 'Synonyms': [...t.synonyms], 'Definition': t.definition });
  diffSection(changes, 'glossary', before.glossary, after.glossary, (t) => t.term, termFields, termFields);
  const nameFields = (x: { name: string }): Fields => ({ 'Name': x.name });
  diffSection(changes, 'categories', before.categories, after.categories, (c) => c.name, nameFields, nameFields);
  diffSection(changes, 'labels', before.labels, after.labels, (l) => l.name, nameFields, nameFields);

  const summary: Record<ChangeKind, number> = { added: 0, removed: 0, changed: 0 };
  for (const change of changes) summary[change.change] += 1;
  return { changes, summary };
}

function diffSection<T extends { id: string }>(
  out: ItemChange[],
  section: DiffSection,
  before: readonly T[],
  after: readonly T[],
  nameOf: (item: T) => string,
  fieldsBefore: (item: T) => Fields,
  fieldsAfter: (item: T) => Fields,
): void {
  const afterById = new Map(after.map((item) => [item.id, item]));
  const afterByName = new Map(after.map((item) => [nameOf(item).toLowerCase(), item]));
  const matched = new Set<string>();
  for (const old of before) {
    const next = afterById.get(old.id) ?? afterByName.get(nameOf(old).toLowerCase());
    if (!next || matched.has(next.id)) {
      out.push({ section, id: old.id, name: nameOf(old), change: 'removed', fields: fieldList({}, fieldsBefore(old)).map(swap) });
      continue;
    }
    matched.add(next.id);
    const fields = fieldList(fieldsBefore(old), fieldsAfter(next));
    if (fields.length) out.push({ section, id: next.id, name: nameOf(next), change: 'changed', fields });
  }
  for (const item of after) {
    if (!matched.has(item.id)) out.push({ section, id: item.id, name: nameOf(item), change: 'added', fields: fieldList({}, fieldsAfter(item)) });
  }
}

/** Removed items list their old values under `before`. */
function swap(field: FieldChange): FieldChange {
  return { field: field.field, before: field.after, after: null, ...(field.added ? { removed: field.added } : {}) };
}

function fieldList(before: Fields, after: Fields): FieldChange[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const changes: FieldChange[] = [];
  for (const key of keys) {
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    if (isEmpty(a) && isEmpty(b)) continue;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (Array.isArray(a) || Array.isArray(b)) {
      const left = Array.isArray(a) ? a : [];
      const right = Array.isArray(b) ? b : [];
      const added = right.filter((x) => !left.includes(x));
      const removed = left.filter((x) => !right.includes(x));
      changes.push({ field: key, before: left.length ? left : null, after: right.length ? right : null, added, removed });
    } else {
      changes.push({ field: key, before: a, after: b });
    }
  }
  return changes;
}

function isEmpty(value: Shown): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * A message as the citizen would read it, in one line: html as its text, other kinds as their label
 * and their words and addresses (every one, so two messages that differ never read the same).
 */
function describeMessage(message: ResponseMessage): string {
  const label = RESPONSE_MESSAGE_LABELS[message.type] ?? message.type;
  switch (message.type) {
    case 'text':
      return message.text.join(' | ');
    case 'quickReplies':
      return `${label} ${message.title}: ${message.quickReplies.join(', ')}`;
    case 'html':
      return htmlText(message.html);
    default: {
      const { type: _type, ...rest } = message;
      const words = leaves(rest).filter((text) => text.trim() !== '');
      return words.length ? `${label}: ${words.join(', ')}` : label;
    }
  }
}

/** The strings and numbers inside a message, in order. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Html (already sanitised when saved) as the text it shows: tags gone, common entities decoded, spaces collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/div)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
}
