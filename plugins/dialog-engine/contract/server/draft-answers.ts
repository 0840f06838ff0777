import { defineServiceRef, type AppRecord, type DbExecutor } from '@civic/sdk/server';

export interface DraftAnswer {
  intentId: string | null;
  intentName: string | null;
  confidence: number;
  fallback: boolean;
}

/**
 * Questions answered by the app's draft model as the first turn of a new conversation (the built-in
 * engine; trains the draft first when its model is not current). For measuring training's effect.
 */
export interface DraftAnswers {
  answer(db: DbExecutor, app: AppRecord, texts: readonly string[]): Promise<DraftAnswer[]>;
}
export const DraftAnswers = defineServiceRef<DraftAnswers>('dialog-engine.draft-answers');
