import type { KnowledgeSnapshot, SnapshotIntent } from '@civic/sdk/common/knowledge';
import type { ResponseMessage } from '@civic/sdk/common/responses';

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
      channel.messages.map((message) => `${channel.platform === 'PLATFORM_UNSPECIFIED' ? 'Web chat' : channel.platform}: ${describeMessage(message)}`),
    ),
    'Parameters': intent.parameters.map((p) => `${p.display_name} ${p.entity_type_display_name}${p.mandatory ? ' (required)' : ''}${p.prompts.length ? `: ${p.prompts.join(' / ')}` : ''}`),
    'Events': [...intent.events],
    'Input contexts': [...intent.inputContexts],
    'Output contexts': intent.outputContexts.map((c) => `${c.name} (${c.lifespanCount})`),
    'Action': intent.action || null,
    'Webhook': intent.webhook_state,
    'Categories': intent.categoryIds.map((id) => n.categories.get(id) ?? id).sort(),
    'Labels': intent.labelIds.map((id) => n.labels.get(id) ?? id).sort(),
    'Answer owner': intent.answerOwner,
    'Source URL': intent.sourceUrl,
    'Review by': intent.reviewBy,
  });

  diffSection(changes, 'intents', before.intents, after.intents, (i) => i.displayName, (i) => intentFields(i, beforeNames), (i) => intentFields(i, afterNames));
  const entityFields = (e: KnowledgeSnapshot['entityTypes'][number]): Fields => ({
    'Name': e.display_name,
    'Kind': e.kind,
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

function describeMessage(message: ResponseMessage): string {
  switch (message.type) {
    case 'text':
      return message.text.join(' | ');
    case 'quickReplies':
      return `quick replies ${message.title}: ${message.quickReplies.join(', ')}`;
    case 'image':
      return `image ${message.imageUri}`;
    case 'html':
      return `html ${message.html}`;
    case 'card':
      return `card ${message.card.title}`;
    default:
      return `${message.type} ${JSON.stringify(message)}`;
  }
}
