import { action, makeObservable, observable, observableRef, runInAction } from '@civic/sdk/web/mobx';
import type { ApiClient } from '@civic/sdk/web/services';
import { PagedList } from '@civic/sdk/web/lists';
import { DateRanges, Paging, Timing } from '@civic/sdk/common/messages';
import type { TranscriptFilterItem } from '../../dialog-engine/contract/index';
import { ClassificationApi } from '../../classification/contract/common/index';
import { TrainingApi, type BulkReviewResult, type ClassifyQuestionsResult, type QuestionClass, type ReviewStatus, type RevealResult, type TranscriptRow, type TranscriptSearchResult } from '../common/api';
import type { TranscriptSearchDto } from '../common/transcript-search.dto';
import type { PendingBadge } from './pending-badge';
import type { ClassChange, ClassChoices } from './inbox-classes-dialog';
import { measureBefore } from './accuracy-calls';
import { addPhraseToIntent, createIntent, listEntityNames, listIntentChoices, type EntityTag, type IntentChoice } from './knowledge-calls';

/** A local calendar date (YYYY-MM-DD) `days` before today. */
export function localDate(daysAgo: number, from = new Date()): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() - daysAgo);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * §9 presets: "N days" ends yesterday and starts N days before today; 0 is today alone. The training
 * default is 5.
 */
export function presetRange(days: number, now = new Date()): { startDate: string; endDate: string } {
  if (days === 0) return { startDate: localDate(0, now), endDate: localDate(0, now) };
  return { startDate: localDate(days, now), endDate: localDate(1, now) };
}

export interface InboxFilters {
  startDate: string;
  endDate: string;
  /** The review status looked for; '' = any (§7: matched questions need one, PENDING by default). */
  reviewStatus: '' | ReviewStatus;
  items: TranscriptFilterItem[];
  link: 'AND' | 'OR';
  search: string;
}

export function defaultFilters(matched: boolean): InboxFilters {
  return { ...presetRange(DateRanges.trainingDefaultDays), reviewStatus: matched ? 'PENDING' : '', items: [], link: 'AND', search: '' };
}

/** The search body of the filters: §7's review-status condition always first among them. */
export function searchBody(matched: boolean, filters: InboxFilters): TranscriptSearchDto {
  const status: TranscriptFilterItem = filters.reviewStatus ? { field: 'reviewStatus', operator: 'equals', value: filters.reviewStatus } : { field: 'reviewStatus', operator: matched ? 'equals' : 'contains', value: matched ? 'PENDING' : '' };
  return {
    filters: [status, ...filters.items],
    filterLink: filters.link,
    search: filters.search.trim() || undefined,
    start: filters.startDate,
    end: filters.endDate,
    isMatchedIntents: matched,
    sortBy: 'createdAt',
    sortOrder: 'desc',
  };
}

/** /uncategorisedintents (unmatched) and /training (matched): one store each, same behaviour. */
export interface InboxStore {
  readonly matched: boolean;
  readonly appId: string | null;
  readonly filters: InboxFilters;
  readonly list: PagedList<TranscriptRow>;
  readonly selected: ReadonlySet<string>;
  readonly revealed: ReadonlyMap<string, string>;
  readonly intents: readonly IntentChoice[];
  open(appId: string): Promise<void>;
  applyFilters(filters: InboxFilters): Promise<void>;
  toggle(id: string): void;
  selectAll(on: boolean): void;
  setStatus(target: 'selection' | 'filter' | string[], status: ReviewStatus, reason?: string): Promise<number>;
  reveal(id: string): Promise<string>;
  /** `tag` (one question only): words of it annotated as an entity. */
  addToIntent(rows: readonly TranscriptRow[], intent: IntentChoice, tag?: EntityTag): Promise<void>;
  readonly entities: readonly string[];
  createIntent(rows: readonly TranscriptRow[], input: { displayName: string; kind: 'intent' | 'qna'; answer: string }): Promise<string>;
  loadIntents(): Promise<void>;
  /** The app's categories and labels to choose from (null: the tier does not allow them). */
  readonly classChoices: ClassChoices;
  loadClasses(allowed: { categories: boolean; labels: boolean }): Promise<void>;
  /** Categories and labels added to or taken off questions; answers how many questions. */
  classify(target: 'selection' | 'filter' | string[], change: ClassChange): Promise<number>;
}
export const UnmatchedInboxStore = Symbol('training.UnmatchedInboxStore');
export const MatchedInboxStore = Symbol('training.MatchedInboxStore');

/** Built by the module (one per inbox), not by the container's injection. */
export class InboxStoreImpl implements InboxStore {
  appId: string | null = null;
  filters: InboxFilters;
  readonly list: PagedList<TranscriptRow>;
  selected = new Set<string>();
  revealed = new Map<string, string>();
  intents: readonly IntentChoice[] = [];
  entities: readonly string[] = [];
  classChoices: ClassChoices = { categories: null, labels: null };

  constructor(
    readonly matched: boolean,
    private readonly api: ApiClient,
    private readonly badge: PendingBadge,
  ) {
    this.filters = defaultFilters(matched);
    // §9: the pending list starts one row longer than the default page.
    const firstPage = matched ? Paging.pendingQuestionsPageSize : Paging.defaultPageSize;
    this.list = new PagedList(async ({ pageSize, cursor }) => {
      if (!this.appId) return { items: [], total: 0 };
      const body = { ...searchBody(this.matched, this.filters), pageSize, ...(cursor === undefined ? {} : { cursor: String(cursor) }) };
      const page = await this.api.post<TranscriptSearchResult>(TrainingApi.search(this.appId), body, { timeoutMs: Timing.transcriptSearchTimeoutMs });
      return { items: page.list, total: page.total, next: page.next ?? undefined };
    }, firstPage);
    makeObservable(this, {
      appId: observable,
      filters: observableRef,
      selected: observableRef,
      revealed: observableRef,
      intents: observableRef,
      entities: observableRef,
      classChoices: observableRef,
      applyFilters: action,
      toggle: action,
      selectAll: action,
    });
  }

  async open(appId: string): Promise<void> {
    if (this.appId !== appId) {
      runInAction(() => {
        this.appId = appId;
        this.selected = new Set();
        this.revealed = new Map();
        this.intents = [];
        this.classChoices = { categories: null, labels: null };
      });
      await this.list.reload();
    } else await this.list.load();
  }

  applyFilters(filters: InboxFilters): Promise<void> {
    this.filters = filters;
    this.selected = new Set();
    return this.list.reload();
  }

  toggle(id: string): void {
    const next = new Set(this.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    this.selected = next;
  }

  selectAll(on: boolean): void {
    this.selected = on ? new Set(this.list.items.map((r) => r.transcriptId)) : new Set();
  }

  private async after(): Promise<void> {
    runInAction(() => (this.selected = new Set()));
    await this.list.reload();
    void this.badge.refresh();
  }

  async setStatus(target: 'selection' | 'filter' | string[], status: ReviewStatus, reason?: string): Promise<number> {
    const appId = this.mustApp();
    const which = target === 'filter' ? { filter: searchBody(this.matched, this.filters) } : { transcriptIds: target === 'selection' ? [...this.selected] : target };
    const result = await this.api.post<BulkReviewResult>(TrainingApi.bulkReview(appId), { ...which, reviewStatus: status, ...(reason ? { reason } : {}) });
    await this.after();
    return result.updated;
  }

  async reveal(id: string): Promise<string> {
    const result = await this.api.post<RevealResult>(TrainingApi.reveal(this.mustApp(), id));
    runInAction(() => (this.revealed = new Map(this.revealed).set(id, result.data)));
    return result.data;
  }

  /** The question text to train with: the revealed original when an admin revealed it, else as shown. */
  private textOf(row: TranscriptRow): string {
    return this.revealed.get(row.transcriptId) ?? row.data;
  }

  async addToIntent(rows: readonly TranscriptRow[], intent: IntentChoice, tag?: EntityTag): Promise<void> {
    const appId = this.mustApp();
    const beforeMeasurementId = await measureBefore(this.api, appId);
    for (const row of rows) await addPhraseToIntent(this.api, appId, intent.id, this.textOf(row), rows.length === 1 ? tag : undefined);
    await this.api.post(TrainingApi.trained(appId), { transcriptIds: rows.map((r) => r.transcriptId), action: 'added-phrase', intentId: intent.id, intentName: intent.displayName, phrase: this.textOf(rows[0]), beforeMeasurementId });
    await this.after();
  }

  async createIntent(rows: readonly TranscriptRow[], input: { displayName: string; kind: 'intent' | 'qna'; answer: string }): Promise<string> {
    const appId = this.mustApp();
    const phrases = [...new Set(rows.map((r) => this.textOf(r)))];
    const beforeMeasurementId = await measureBefore(this.api, appId);
    const intent = await createIntent(this.api, appId, { ...input, phrases });
    await this.api.post(TrainingApi.trained(appId), { transcriptIds: rows.map((r) => r.transcriptId), action: 'created-intent', intentId: intent.id, intentName: intent.displayName, phrase: phrases[0], beforeMeasurementId });
    runInAction(() => (this.intents = [...this.intents, { id: intent.id, displayName: intent.displayName, kind: input.kind }]));
    await this.after();
    return intent.id;
  }

  async loadIntents(): Promise<void> {
    const appId = this.mustApp();
    const [intents, entities] = await Promise.all([listIntentChoices(this.api, appId), listEntityNames(this.api, appId)]);
    if (this.appId === appId)
      runInAction(() => {
        this.intents = intents;
        this.entities = entities;
      });
  }

  async loadClasses(allowed: { categories: boolean; labels: boolean }): Promise<void> {
    const appId = this.mustApp();
    const [categories, labels] = await Promise.all([
      allowed.categories ? this.api.get<{ categories: QuestionClass[] }>(ClassificationApi.categories(appId)).then((r) => r.categories.map(({ id, name }) => ({ id, name }))) : null,
      allowed.labels ? this.api.get<{ labels: QuestionClass[] }>(ClassificationApi.labels(appId)).then((r) => r.labels.map(({ id, name }) => ({ id, name }))) : null,
    ]);
    if (this.appId === appId) runInAction(() => (this.classChoices = { categories, labels }));
  }

  async classify(target: 'selection' | 'filter' | string[], change: ClassChange): Promise<number> {
    const appId = this.mustApp();
    const which = target === 'filter' ? { filter: searchBody(this.matched, this.filters) } : { transcriptIds: target === 'selection' ? [...this.selected] : target };
    const result = await this.api.post<ClassifyQuestionsResult>(TrainingApi.classify(appId), { ...which, ...change });
    await this.after();
    return result.updated;
  }

  private mustApp(): string {
    if (!this.appId) throw new Error('No app open');
    return this.appId;
  }
}
