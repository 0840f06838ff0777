import { index, pgTable, primaryKey, uuid } from '@civic/sdk/server/schema';
import { categories, labels } from '../../../classification/contract/server/tables';
import { intents } from './intents';

/** An intent's categories and labels: the knowledge base writes them with the intent (§5). */
export const intentCategories = pgTable(
  'intent_categories',
  {
    intentId: uuid('intent_id')
      .notNull()
      .references(() => intents.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.intentId, t.categoryId] }), index('intent_categories_category_idx').on(t.categoryId)],
);

export const intentLabels = pgTable(
  'intent_labels',
  {
    intentId: uuid('intent_id')
      .notNull()
      .references(() => intents.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.intentId, t.labelId] }), index('intent_labels_label_idx').on(t.labelId)],
);
