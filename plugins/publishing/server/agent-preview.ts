import type { KnowledgeSnapshot, SnapshotEntityType, SnapshotIntent } from '../../knowledge-base/contract/common/knowledge/index';
import { createHash } from '@civic/sdk/server';
import type { AgentPreviewItem, AgentPreviewTotals } from '../common/api';
import type { ImportedAgent, ImportedEntityType, ImportedIntent } from './agent-model';
import { canonicalJson } from './draft-hash';

/** An intent as the comparison sees it: the import's form, phrases without their file ids. */
type Comparable = Omit<ImportedIntent, 'trainingPhrases'> & { trainingPhrases: Array<Pick<ImportedIntent['trainingPhrases'][number], 'type' | 'parts' | 'text'>> };

export interface AgentComparison {
  items: AgentPreviewItem[];
  intents: AgentPreviewTotals;
  entityTypes: AgentPreviewTotals;
  /** The file's digest and the draft's version of everything the file names: see `AgentImportPreview.previewToken`. */
  previewToken: string;
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const lowerSorted = (names: readonly string[]) => [...new Set(names.map((name) => name.toLowerCase()))].sort();

function comparable(intent: ImportedIntent): Comparable {
  return { ...intent, trainingPhrases: intent.trainingPhrases.map(({ type, parts, text }) => ({ type, parts, text })) };
}

/** A draft intent in the import's form (ids → names), so that what an import would write compares equal to it. */
function fromDraft(intent: SnapshotIntent, names: { intents: Map<string, string>; categories: Map<string, string>; labels: Map<string, string> }): Comparable {
  const named = (ids: string[], map: Map<string, string>) => ids.map((id) => map.get(id)).filter((name): name is string => Boolean(name));
  return {
    name: intent.displayName,
    parentName: intent.parentId ? (names.intents.get(intent.parentId) ?? null) : null,
    kind: intent.kind,
    defaultKind: intent.defaultKind,
    webhook_state: intent.webhook_state,
    action: intent.action,
    events: intent.events,
    inputContexts: intent.inputContexts,
    outputContexts: intent.outputContexts,
    trainingPhrases: intent.trainingPhrases.map(({ type, parts, text }) => ({ type, parts, text })),
    parameters: intent.parameters,
    responses: intent.responses,
    categories: named(intent.categoryIds, names.categories),
    labels: named(intent.labelIds, names.labels),
    answerOwner: intent.answerOwner,
    sourceUrl: intent.sourceUrl,
    reviewBy: intent.reviewBy,
  };
}

/** How many of `after` are not in `before`, and the reverse (each value counted as often as it occurs). */
function added(before: readonly string[], after: readonly string[]): { added: number; removed: number } {
  const left = new Map<string, number>();
  for (const value of before) left.set(value, (left.get(value) ?? 0) + 1);
  let fresh = 0;
  for (const value of after) {
    const n = left.get(value) ?? 0;
    if (n > 0) left.set(value, n - 1);
    else fresh += 1;
  }
  return { added: fresh, removed: [...left.values()].reduce((sum, n) => sum + n, 0) };
}

function addedRemoved(out: string[], before: readonly string[], after: readonly string[], one: string, many: string): boolean {
  const diff = added(before, after);
  if (diff.added > 0) out.push(`${plural(diff.added, one, many)} added`);
  if (diff.removed > 0) out.push(`${plural(diff.removed, one, many)} removed`);
  return diff.added > 0 || diff.removed > 0;
}

/** What importing `file` over `draft` changes, in words (empty: nothing). */
export function intentChanges(file: Comparable, draft: Comparable): string[] {
  const out: string[] = [];
  const texts = (intent: Comparable) => intent.trainingPhrases.map((phrase) => phrase.text);
  if (!addedRemoved(out, texts(draft), texts(file), 'phrase', 'phrases') && !same(draft.trainingPhrases, file.trainingPhrases)) out.push('phrase tagging or order changed');
  if (!same(draft.responses, file.responses)) out.push('responses changed');
  const paramNames = (intent: Comparable) => intent.parameters.map((p) => p.display_name);
  if (!addedRemoved(out, paramNames(draft), paramNames(file), 'parameter', 'parameters') && !same(draft.parameters, file.parameters)) out.push('parameters changed');
  const checks: Array<[string, unknown, unknown]> = [
    ['kind', draft.kind, file.kind],
    ['parent', draft.parentName?.toLowerCase() ?? null, file.parentName?.toLowerCase() ?? null],
    ['default intent role', draft.defaultKind, file.defaultKind],
    ['webhook', draft.webhook_state, file.webhook_state],
    ['action', draft.action, file.action],
    ['events', draft.events, file.events],
    ['contexts', [draft.inputContexts, draft.outputContexts], [file.inputContexts, file.outputContexts]],
    ['categories', lowerSorted(draft.categories), lowerSorted(file.categories)],
    ['labels', lowerSorted(draft.labels), lowerSorted(file.labels)],
    ['answer owner', draft.answerOwner, file.answerOwner],
    ['source URL', draft.sourceUrl, file.sourceUrl],
    ['review date', draft.reviewBy, file.reviewBy],
  ];
  for (const [what, before, after] of checks) if (!same(before, after)) out.push(`${what} changed`);
  return out;
}

export function entityChanges(file: ImportedEntityType, draft: SnapshotEntityType): string[] {
  const out: string[] = [];
  const values = (entries: ReadonlyArray<{ value: string }>) => entries.map((entry) => entry.value);
  addedRemoved(out, values(draft.entities), values(file.entries), 'entry', 'entries');
  const before = new Map(draft.entities.map((entry) => [entry.value, entry.synonyms]));
  const synonyms = file.entries.filter((entry) => before.has(entry.value) && !same(before.get(entry.value), entry.synonyms)).length;
  if (synonyms > 0) out.push(`synonyms of ${plural(synonyms, 'entry', 'entries')} changed`);
  if (out.length === 0 && !same(values(draft.entities), values(file.entries))) out.push('entry order changed');
  if (draft.kind !== file.kind) out.push('kind changed');
  if (draft.enable_fuzzy_extraction !== file.fuzzy) out.push('fuzzy matching changed');
  return out;
}

function tally(items: AgentPreviewItem[]): AgentPreviewTotals {
  const totals = { new: 0, changed: 0, unchanged: 0 };
  for (const item of items) totals[item.status] += 1;
  return totals;
}

/**
 * Compares an uploaded agent with the app's draft, by name (case-insensitive, as the import upserts):
 * each intent and entity type is new, changed (with what changes) or unchanged. Reads nothing, writes
 * nothing. `fileDigest` identifies the uploaded bytes in the preview token.
 */
export function compareAgent(agent: ImportedAgent, draft: KnowledgeSnapshot, fileDigest: string): AgentComparison {
  const names = {
    intents: new Map(draft.intents.map((intent) => [intent.id, intent.displayName])),
    categories: new Map(draft.categories.map((c) => [c.id, c.name])),
    labels: new Map(draft.labels.map((l) => [l.id, l.name])),
  };
  const draftIntents = new Map(draft.intents.map((intent) => [intent.displayName.toLowerCase(), intent]));
  const draftEntities = new Map(draft.entityTypes.map((entity) => [entity.display_name.toLowerCase(), entity]));
  const matched: unknown[] = [];

  const intentItems = agent.intents.map((intent): AgentPreviewItem => {
    const existing = draftIntents.get(intent.name.toLowerCase());
    if (!existing) return { type: 'intent', name: intent.name, status: 'new', changes: [] };
    const before = fromDraft(existing, names);
    matched.push(before);
    const changes = intentChanges(comparable(intent), before);
    return { type: 'intent', name: intent.name, status: changes.length > 0 ? 'changed' : 'unchanged', changes };
  });
  // A file naming an entity type twice means its last version (as the import does).
  const entities = [...new Map(agent.entityTypes.map((entity) => [entity.name.toLowerCase(), entity])).values()];
  const entityItems = entities.map((entity): AgentPreviewItem => {
    const existing = draftEntities.get(entity.name.toLowerCase());
    if (!existing) return { type: 'entityType', name: entity.name, status: 'new', changes: [] };
    matched.push({ name: existing.display_name, kind: existing.kind, fuzzy: existing.enable_fuzzy_extraction, entries: existing.entities });
    const changes = entityChanges(entity, existing);
    return { type: 'entityType', name: entity.name, status: changes.length > 0 ? 'changed' : 'unchanged', changes };
  });
  const previewToken = createHash('sha256').update(fileDigest).update('\n').update(canonicalJson(matched)).digest('hex');
  return { items: [...intentItems, ...entityItems], intents: tally(intentItems), entityTypes: tally(entityItems), previewToken };
}
