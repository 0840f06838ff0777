import { apps, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from '@civic/sdk/server/schema';
import type { AccuracyBasis, AccuracyItem, TrainingAction } from '../../common/api';

/**
 * What people did with users' questions (the History): dismissals with their reason, review-status
 * changes, and training — a question added as a phrase to an intent, or made into an intent.
 */
export const trainingActions = pgTable(
  'training_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    action: text('action').notNull().$type<TrainingAction>(),
    transcriptIds: jsonb('transcript_ids').$type<string[]>().notNull(),
    intentId: uuid('intent_id'),
    intentName: text('intent_name'),
    phrase: text('phrase'),
    reason: text('reason'),
    reviewStatus: text('review_status'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A training step's measured effect: the draft's accuracy on one evaluation set before and after it. */
    accuracyBasis: text('accuracy_basis').$type<AccuracyBasis>(),
    accuracyQuestions: integer('accuracy_questions'),
    accuracyBefore: doublePrecision('accuracy_before'),
    accuracyAfter: doublePrecision('accuracy_after'),
  },
  (t) => [index('training_actions_app_created_idx').on(t.appId, t.createdAt.desc())],
);

/** §7 POST /feature-usages/auto-tp/actions: what people did with the assistant's suggested phrases. */
export const trainingAutoTpActions = pgTable(
  'training_auto_tp_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    intentId: text('intent_id').notNull(),
    intentName: text('intent_name').notNull(),
    suggested: integer('suggested').notNull(),
    approved: integer('approved').notNull(),
    edited: integer('edited').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('training_auto_tp_actions_app_idx').on(t.appId, t.createdAt.desc())],
);

/**
 * The accuracy of the draft on an evaluation set, measured just before a training step (the step then
 * measures the same set after it): the app's test cases, or a held-out slice of its reviewed questions.
 * Items name questions by transcript id (no question text is copied here) or carry a test case's text.
 */
export const trainingAccuracyMeasurements = pgTable(
  'training_accuracy_measurements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    basis: text('basis').notNull().$type<AccuracyBasis>(),
    items: jsonb('items').$type<AccuracyItem[]>().notNull(),
    questions: integer('questions').notNull(),
    correct: integer('correct').notNull(),
    measuredBy: text('measured_by').notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('training_accuracy_measurements_app_idx').on(t.appId, t.measuredAt.desc())],
);
