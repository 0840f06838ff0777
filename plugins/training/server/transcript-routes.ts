import { and, desc, eq, HttpError, sql, type DbExecutor, type RouteAdder } from '@civic/sdk/server';
import { DateRanges, Timing } from '@civic/sdk/common/messages';
import type { ClassCatalog } from '../../classification/contract/server/index';
import type { TranscriptReview } from '../../dialog-engine/contract/server/index';
import type { TranscriptQuery, TranscriptRecord } from '../../dialog-engine/contract/index';
import {
  BULK_FILTER_MAX,
  COUNT_CAP,
  TrainingApi,
  type BulkReviewResult,
  type PendingCount,
  type RevealResult,
  type TrainingHistoryEntry,
  type TrainingHistoryList,
  type TranscriptRow,
  type TranscriptSearchResult,
} from '../common/api';
import { BulkReviewDto, TrainedDto } from '../common/bulk-review.dto';
import { TrainingMessages } from '../common/messages';
import { canReviewQuestions, canRevealPersonalData, canViewHistory, canViewTraining } from '../common/permissions';
import { maskPersonalData } from '../common/personal-data';
import { TranscriptSearchDto } from '../common/transcript-search.dto';
import { trainingActions } from './db/schema';
import { classesOf } from './question-classes';
import { accuracyAfterStep, accuracyOf, type AccuracyDeps } from './accuracy';

const DAY_MS = 24 * 60 * 60_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/**
 * §9 training range: the last 5 days ending yesterday, unless given. A date-only `end` is inclusive
 * (the whole day); a date-time is taken as is.
 */
export function searchRange(dto: Pick<TranscriptSearchDto, 'start' | 'end'>, now: Date): { start: Date; end: Date } {
  const today = startOfUtcDay(now);
  const end = dto.end ? (DATE_ONLY.test(dto.end) ? new Date(Date.parse(`${dto.end}T00:00:00Z`) + DAY_MS) : new Date(dto.end)) : today;
  const start = dto.start ? new Date(DATE_ONLY.test(dto.start) ? `${dto.start}T00:00:00Z` : dto.start) : new Date(end.getTime() - DateRanges.trainingDefaultDays * DAY_MS);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) throw HttpError.invalid([TrainingMessages.dateRangeInvalid], { start: [TrainingMessages.dateRangeInvalid] });
  if (end.getTime() <= start.getTime()) throw HttpError.invalid([TrainingMessages.dateRangeInvalid], { end: [TrainingMessages.dateRangeInvalid] });
  if (end.getTime() - start.getTime() > 366 * DAY_MS) throw HttpError.invalid([TrainingMessages.dateRangeTooLong], { start: [TrainingMessages.dateRangeTooLong] });
  return { start, end };
}

/** The search body as the engine's query: §7's review-status rule is the first reviewStatus item, else its default. */
export function toQuery(appId: string, dto: TranscriptSearchDto, now: Date): TranscriptQuery {
  const matched = dto.isMatchedIntents === true;
  const filters = dto.filters ?? [];
  const statusIndex = filters.findIndex((f) => f.field === 'reviewStatus' && (f.operator === 'equals' || f.operator === 'contains'));
  const status = statusIndex >= 0 ? filters[statusIndex] : null;
  return {
    appId,
    ...searchRange(dto, now),
    matched,
    reviewStatus: status
      ? { operator: status.operator as 'equals' | 'contains', value: status.value }
      : matched
        ? { operator: 'equals', value: 'PENDING' }
        : { operator: 'contains', value: '' },
    items: filters.filter((_f, i) => i !== statusIndex).map((f) => ({ field: f.field, operator: f.operator, value: f.value })),
    link: dto.filterLink ?? 'AND',
    text: dto.search,
  };
}

function masked(record: TranscriptRecord, classes: Pick<TranscriptRow, 'categories' | 'labels'> | undefined): TranscriptRow {
  const { text, masked: hadData } = maskPersonalData(record.data);
  return { ...record, data: text, masked: hadData, categories: classes?.categories ?? [], labels: classes?.labels ?? [] };
}

/** §9: a transcript search gives up after 60 s rather than holding the database. */
async function limitStatementTime(db: DbExecutor): Promise<void> {
  await db.execute(sql.raw(`set local statement_timeout = ${Timing.transcriptSearchTimeoutMs}`));
}

async function runSearch(db: DbExecutor, review: TranscriptReview, catalog: ClassCatalog, appId: string, body: TranscriptSearchDto, now: Date): Promise<TranscriptSearchResult> {
  const query = toQuery(appId, body, now);
  const pageSize = body.pageSize ?? 25;
  const pageNum = body.pageNum ?? 0;
  await limitStatementTime(db);
  let page;
  try {
    page = await review.search(db, query, {
      sortBy: body.sortBy ?? 'createdAt',
      sortOrder: body.sortOrder ?? 'desc',
      limit: pageSize,
      after: body.cursor,
      offset: body.cursor ? undefined : pageNum * pageSize,
      // The total is counted with the first page (in its statement); the pages after it (a cursor) leave it out.
      countUpTo: body.cursor ? undefined : COUNT_CAP + 1,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'CursorError') throw HttpError.invalid([TrainingMessages.cursorInvalid], { cursor: [TrainingMessages.cursorInvalid] });
    throw error;
  }
  const total = page.total ?? null;
  const classes = await classesOf(db, catalog, appId, page.rows.map((r) => r.transcriptId));
  return {
    list: page.rows.map((r) => masked(r, classes.get(r.transcriptId))),
    ...(total === null ? {} : { total: Math.min(total, COUNT_CAP), totalCapped: total > COUNT_CAP }),
    pageNum,
    pageSize,
    next: page.next,
    start: query.start.toISOString(),
    end: query.end.toISOString(),
  };
}

function historyEntry(row: typeof trainingActions.$inferSelect): TrainingHistoryEntry {
  return {
    id: row.id,
    action: row.action,
    transcriptIds: row.transcriptIds,
    intentId: row.intentId,
    intentName: row.intentName,
    phrase: row.phrase,
    reason: row.reason,
    by: row.createdBy,
    at: row.createdAt.toISOString(),
    accuracy: accuracyOf(row),
  };
}

/** §7 transcript search and bulk review, the pending badge's count, the audited reveal and the history. */
export function registerTranscriptRoutes(routes: RouteAdder, review: TranscriptReview, deps: AccuracyDeps, catalog: ClassCatalog): void {
  routes.add({
    method: 'POST',
    url: TrainingApi.searchRoute,
    app: 'appId',
    access: canViewTraining,
    body: TranscriptSearchDto,
    unaudited: 'a search sent as POST (§7): it changes nothing',
    description: "§7 transcript search: the app's user questions in a date range (default the last 5 days to yesterday), matched or not, with the review-status rule, the table filter and a text search; keyset-paged (`cursor`), personal data masked; each question with its categories and labels",
    handler: (ctx): Promise<TranscriptSearchResult> => runSearch(ctx.db, review, catalog, ctx.app.appId, ctx.body, ctx.now),
  });

  routes.add({
    method: 'POST',
    url: TrainingApi.bulkReviewRoute,
    app: 'appId',
    access: canReviewQuestions,
    body: BulkReviewDto,
    audit: {
      action: 'training.review-status',
      summary: (ctx, result: BulkReviewResult) => `${result.updated} questions set to ${ctx.body.reviewStatus}${ctx.body.reason ? `: ${ctx.body.reason.trim()}` : ''}`,
    },
    description: `§7 bulk review-status update for the given transcriptIds, or every question a search filter finds (at most ${BULK_FILTER_MAX}); DISMISSED needs a reason`,
    handler: async (ctx): Promise<BulkReviewResult> => {
      const body = ctx.body;
      const target = body.filter ? { query: toQuery(ctx.app.appId, body.filter, ctx.now), max: BULK_FILTER_MAX } : { ids: body.transcriptIds ?? [] };
      const ids = await review.setReviewStatus(ctx.db, ctx.app.appId, target, body.reviewStatus, ctx.now);
      if (ids.length > 0) {
        await ctx.db.insert(trainingActions).values({
          appId: ctx.app.appId,
          action: body.reviewStatus === 'DISMISSED' ? 'dismissed' : 'status',
          transcriptIds: ids,
          reviewStatus: body.reviewStatus,
          reason: body.reviewStatus === 'DISMISSED' ? (body.reason?.trim() ?? null) : null,
          createdBy: ctx.user.email,
          createdAt: ctx.now,
        });
      }
      return { updated: ids.length, transcriptIds: ids };
    },
  });

  routes.add({
    method: 'POST',
    url: TrainingApi.trainedRoute,
    app: 'appId',
    access: canReviewQuestions,
    body: TrainedDto,
    audit: {
      action: 'training.trained',
      target: (ctx) => ctx.body.intentId,
      summary: (ctx, result: BulkReviewResult) => `${result.updated} questions ${ctx.body.action === 'created-intent' ? 'made into' : 'added to'} "${ctx.body.intentName}"`,
    },
    description: 'Records questions trained into an intent (added as a phrase, or made into a new intent): they become REVIEWED and join the history; with `beforeMeasurementId` (POST …/training-accuracy just before the step) the draft is measured again on the same set, and the history shows accuracy before and after',
    handler: async (ctx): Promise<BulkReviewResult> => {
      const ids = await review.setReviewStatus(ctx.db, ctx.app.appId, { ids: ctx.body.transcriptIds }, 'REVIEWED', ctx.now);
      if (ids.length === 0) throw HttpError.notFound();
      const accuracy = await accuracyAfterStep(ctx.db, deps, ctx.app, ctx.body.beforeMeasurementId, ctx.now);
      await ctx.db.insert(trainingActions).values({
        ...accuracy,
        appId: ctx.app.appId,
        action: ctx.body.action,
        transcriptIds: ids,
        intentId: ctx.body.intentId,
        intentName: ctx.body.intentName,
        phrase: ctx.body.phrase ?? null,
        reviewStatus: 'REVIEWED',
        createdBy: ctx.user.email,
        createdAt: ctx.now,
      });
      return { updated: ids.length, transcriptIds: ids };
    },
  });

  routes.add({
    method: 'GET',
    url: TrainingApi.pendingCountRoute,
    app: 'appId',
    access: canViewTraining,
    description: `The app's PENDING questions (the Questions/History badge), counted up to ${COUNT_CAP}`,
    handler: async (ctx): Promise<PendingCount> => ({ count: Math.min(COUNT_CAP, await review.pendingCount(ctx.db, ctx.app.appId, COUNT_CAP)) }),
  });

  routes.add({
    method: 'POST',
    url: TrainingApi.revealRoute,
    app: 'appId',
    access: canRevealPersonalData,
    audit: { action: 'training.reveal', target: (ctx) => ctx.params.transcriptId, summary: () => 'revealed the personal data of a question' },
    description: "An app admin reads a question's personal data unmasked; every reveal is audited",
    handler: async (ctx): Promise<RevealResult> => {
      const id = ctx.params.transcriptId;
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw HttpError.notFound();
      const [row] = await review.get(ctx.db, ctx.app.appId, [id]);
      if (!row) throw HttpError.notFound();
      return { transcriptId: row.transcriptId, data: row.data };
    },
  });

  routes.add({
    method: 'GET',
    url: TrainingApi.historyRoute,
    app: 'appId',
    access: canViewHistory,
    description: 'The training history: who trained or dismissed which questions, when (newest 200); each training step with the accuracy of the draft before and after it, on the app\'s test cases or else a held-out slice of its reviewed questions',
    handler: async (ctx): Promise<TrainingHistoryList> => {
      const rows = await ctx.db.select().from(trainingActions).where(and(eq(trainingActions.appId, ctx.app.appId))).orderBy(desc(trainingActions.createdAt)).limit(200);
      const items = rows.map(historyEntry);
      return { items };
    },
  });
}
