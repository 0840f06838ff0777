import { apps, index, pgTable, primaryKey, text, timestamp, uuid } from '@civic/sdk/server/schema';

/**
 * The categories and labels people gave users' questions in the inbox (one row per question and
 * class). The classes are classification's: their ids are checked through its catalog when assigned,
 * and a class deleted since is dropped when read (and from here at the next assignment).
 */
export const trainingQuestionClasses = pgTable(
  'training_question_classes',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    transcriptId: uuid('transcript_id').notNull(),
    kind: text('kind').notNull().$type<'category' | 'label'>(),
    classId: uuid('class_id').notNull(),
    assignedBy: text('assigned_by').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.transcriptId, t.kind, t.classId] }), index('training_question_classes_app_class_idx').on(t.appId, t.kind, t.classId)],
);
