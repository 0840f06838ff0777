import type { DbExecutor } from '@civic/sdk/server';
import type { Environment } from '../../common/api';
import type { KnowledgeContent, KnowledgeSource } from './knowledge-source';
import { contentHash } from './trained-knowledge';

/** Content with the hash that names its model. */
export interface HashedContent extends KnowledgeContent {
  hash: string;
}

/**
 * The content each app and environment answers from, kept in memory per version: a source that can
 * name its version cheaply (production: the published version's id) is read and hashed once per
 * version, not per message (a 15,000-phrase app's snapshot is ~2 MB of JSON). Sources without a
 * version id (the draft, edited all the time) are read and hashed every time.
 */
export class ContentCache {
  private readonly entries = new Map<string, HashedContent>();

  async load(db: DbExecutor, appId: string, environment: Environment, source: KnowledgeSource): Promise<HashedContent | null> {
    const key = `${environment}:${appId}`;
    if (source.version) {
      const version = await source.version(db, appId);
      if (version === null) {
        this.entries.delete(key);
        return null;
      }
      const cached = this.entries.get(key);
      if (cached?.version === version) return cached;
    }
    const content = await source.load(db, appId);
    if (!content) {
      this.entries.delete(key);
      return null;
    }
    const hashed = { ...content, hash: contentHash(content.snapshot) };
    if (source.version) this.entries.set(key, hashed);
    return hashed;
  }
}
