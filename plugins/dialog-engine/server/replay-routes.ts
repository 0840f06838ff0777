import { and, desc, eq, HttpError, type RouteAdder } from '@civic/sdk/server';
import { transcripts } from './db/schema';
import type { TranscriptWriter } from './transcript-writer';
import { REPLAY_QUESTIONS, ReplayApi, type ReplayAnswer, type ReplayChange, type ReplayResult } from '../common/api';
import { EngineMessages } from '../common/messages';
import { canReplay } from '../common/permissions';
import type { EngineAnswer } from './engine/builtin-engine';
import type { DialogEngine } from './engine/dialog-engine';
import type { PublishReplays } from '../../publishing/contract/server/index';

function view(answer: EngineAnswer): ReplayAnswer {
  return { intentId: answer.intentId, intentName: answer.intentName, confidence: answer.confidence, fallback: answer.fallback, messages: answer.messages };
}

/** Same question however it was typed: case and spacing aside. */
function questionKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Publish replay (the publish dialog): the last REPLAY_QUESTIONS questions citizens asked in
 * production (draft turns are staff trying the fitting room and are left out) are answered by the
 * draft's model and by production's, each as the first turn of a conversation; the questions whose
 * intent or reply would change are listed, most asked first, and their count recorded with publishing
 * (a publish of this draft then needs the editor's acknowledgement).
 */
export function registerReplayRoutes(routes: RouteAdder, engine: DialogEngine, replays: PublishReplays, writer: Pick<TranscriptWriter, 'flush'>): void {
  routes.add({
    method: 'POST',
    url: ReplayApi.route,
    app: 'appId',
    access: canReplay,
    transaction: false,
    audit: { action: 'dialog-engine.replay', summary: (_ctx, result: ReplayResult) => `Replayed ${result.questions} questions: ${result.changes.length} answers would change` },
    description: `Answers the last ${REPLAY_QUESTIONS} production user questions with the draft and with production; lists those whose intent or reply would change`,
    handler: async (ctx): Promise<ReplayResult> => {
      const app = ctx.app;
      for (const environment of ['draft', 'production'] as const) {
        if ((await engine.config(ctx.db, app, environment)).engine !== 'CIVIC_DIALOG_ENGINE') throw HttpError.conflict(EngineMessages.replayNeedsBuiltIn);
      }
      const production = await engine.content(ctx.db, app.appId, 'production').catch(() => null);
      if (!production) return { published: false, questions: 0, distinct: 0, changes: [] };
      // Turns this server still holds are written first: the replay sees every question it answered.
      await writer.flush();
      const turns = await ctx.db
        .select({ text: transcripts.data })
        .from(transcripts)
        .where(and(eq(transcripts.appId, app.appId), eq(transcripts.environment, 'production')))
        .orderBy(desc(transcripts.createdAt), desc(transcripts.id))
        .limit(REPLAY_QUESTIONS);
      const questions = new Map<string, { text: string; asked: number }>();
      for (const { text } of turns) {
        const key = questionKey(text);
        if (!key) continue;
        const entry = questions.get(key);
        if (entry) entry.asked += 1;
        else questions.set(key, { text: text.trim(), asked: 1 });
      }
      const [draftModel, productionModel] = await Promise.all([engine.currentKnowledge(ctx.db, app.appId, 'draft'), engine.currentKnowledge(ctx.db, app.appId, 'production')]);
      const changes: ReplayChange[] = [];
      for (const { text, asked } of questions.values()) {
        const before = engine.answerFresh(productionModel, app, text);
        const after = engine.answerFresh(draftModel, app, text);
        const sameIntent = before.intentId === after.intentId && before.fallback === after.fallback;
        if (sameIntent && JSON.stringify(before.messages) === JSON.stringify(after.messages)) continue;
        changes.push({ question: text, asked, change: sameIntent ? 'answer' : 'intent', production: view(before), draft: view(after) });
      }
      changes.sort((a, b) => b.asked - a.asked || a.question.localeCompare(b.question));
      // Publishing then asks for an acknowledgement before it publishes this draft with changed answers.
      await replays.record(ctx.db, app.appId, changes.length, ctx.now);
      return { published: true, questions: turns.length, distinct: questions.size, changes };
    },
  });
}
