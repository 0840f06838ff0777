import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { apps } from './apps';
import { users } from './users';

/** A user's role on one app (§6): '0' viewer, '1' editor, '2' admin. One row per pair. */
export const appMembers = pgTable(
  'app_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().$type<'0' | '1' | '2'>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('app_members_app_user_uq').on(t.appId, t.userId),
    index('app_members_user_idx').on(t.userId),
    check('app_members_role_check', sql`${t.role} in ('0', '1', '2')`),
  ],
);
