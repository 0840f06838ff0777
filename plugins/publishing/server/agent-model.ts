import type { EntityTypeByName } from '../../entities/contract/server/index';
import type { Platform } from '../../knowledge-base/contract/common/responses/index';
import type { GlossaryByTerm, IntentByName } from '../../knowledge-base/contract/server/index';

/** Limits on uploaded agent zips (checked before anything is unpacked). */
export const ZIP_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxFiles: 5_000,
  /** Compression ratio above which a large entry is treated as a bomb. */
  maxRatio: 100,
} as const;

export const MB = 1024 * 1024;
export const UNSPECIFIED: Platform = 'PLATFORM_UNSPECIFIED';
export const WEBHOOK_SLOT = 'WEBHOOK_STATE_ENABLED_FOR_SLOT_FILLING';

/** An intent as imported: references by name, not id (the classes too, until the import asks for their ids). */
export interface ImportedIntent extends Omit<IntentByName, 'categoryIds' | 'labelIds'> {
  categories: string[];
  labels: string[];
}

export type ImportedEntityType = EntityTypeByName;

export interface ImportedAgent {
  displayName: string;
  intents: ImportedIntent[];
  entityTypes: ImportedEntityType[];
  glossary: GlossaryByTerm[];
  categories: string[];
  labels: string[];
}
