import type { DbExecutor } from '@civic/sdk/server';
import type { ClassChange, ClassifiedIntents, ClassifiedIntentsOwner } from '../contract/server/classified-intents';

/** No plugin holds intents (classification runs alone): nothing is counted, no intent exists. */
const NONE: ClassifiedIntents = {
  usageCounts: async () => new Map(),
  existing: async () => [],
  apply: async () => [],
};

/** Where classification reaches the intents it classifies (one per mount). */
export class ClassifiedIntentsSlot implements ClassifiedIntentsOwner, ClassifiedIntents {
  private owner: ClassifiedIntents = NONE;
  private registered = false;

  register(owner: ClassifiedIntents): void {
    if (this.registered) throw new Error('Two plugins registered as the holder of classified intents');
    this.registered = true;
    this.owner = owner;
  }

  usageCounts(db: DbExecutor, appId: string, kind: 'category' | 'label'): Promise<Map<string, number>> {
    return this.owner.usageCounts(db, appId, kind);
  }

  existing(db: DbExecutor, appId: string, intentIds: readonly string[]): Promise<string[]> {
    return this.owner.existing(db, appId, intentIds);
  }

  apply(db: DbExecutor, appId: string, change: ClassChange, by: { userId: string; now: Date }): Promise<Array<{ id: string; categoryIds: string[]; labelIds: string[] }>> {
    return this.owner.apply(db, appId, change, by);
  }
}
