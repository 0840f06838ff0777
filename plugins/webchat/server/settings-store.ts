import { and, eq, type AppRecord, type DbExecutor } from '@civic/sdk/server';
import { webchatSettings } from './db/schema';
import { withDefaults, type WebChatSettings } from '../common/webchat-settings';

export interface StoredWebChatSettings {
  settings: WebChatSettings;
  version: number;
  updatedAt: Date | null;
}

/** The app's widget settings; an app never saved reads as the defaults, version 0, titled with the app's name. */
export async function readWebChatSettings(db: DbExecutor, app: Pick<AppRecord, 'appId' | 'appName'>): Promise<StoredWebChatSettings> {
  const [row] = await db.select().from(webchatSettings).where(eq(webchatSettings.appId, app.appId)).limit(1);
  const settings = withDefaults(row?.settings);
  if (settings.appName === '') settings.appName = app.appName;
  return { settings, version: row?.version ?? 0, updatedAt: row?.updatedAt ?? null };
}

/** The saved document as stored, or undefined before the first save (the `SavedWebChatSettings` service). */
export async function readSavedDocument(db: DbExecutor, appId: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select({ settings: webchatSettings.settings }).from(webchatSettings).where(eq(webchatSettings.appId, appId)).limit(1);
  return row?.settings as Record<string, unknown> | undefined;
}

/**
 * Writes the full document over version `current` and answers the new version, or null when
 * someone else wrote in between (compare-and-set, so two saves never silently overwrite).
 */
export async function writeWebChatSettings(
  db: DbExecutor,
  appId: string,
  settings: WebChatSettings,
  by: string,
  now: Date,
  current: number,
): Promise<number | null> {
  const version = current + 1;
  const values = { settings: { ...settings }, version, updatedBy: by, updatedAt: now };
  const written =
    current === 0
      ? await db.insert(webchatSettings).values({ appId, ...values }).onConflictDoNothing().returning({ version: webchatSettings.version })
      : await db
          .update(webchatSettings)
          .set(values)
          .where(and(eq(webchatSettings.appId, appId), eq(webchatSettings.version, current)))
          .returning({ version: webchatSettings.version });
  return written.length > 0 ? version : null;
}
