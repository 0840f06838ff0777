import type { DbExecutor } from '@civic/sdk/server';
import type { EntityUsage } from '../common/api';
import type { EntityTypeUser, EntityTypeUsers } from '../contract/server/entity-type-users';

/** The plugins registered as referencing entity types (one list per mount), asked as one. */
export class EntityTypeUserList implements EntityTypeUsers {
  private readonly users: EntityTypeUser[] = [];

  register(user: EntityTypeUser): void {
    this.users.push(user);
  }

  async usages(db: DbExecutor, appId: string, onlyKey?: string): Promise<Map<string, EntityUsage[]>> {
    const all = new Map<string, EntityUsage[]>();
    for (const user of this.users) {
      for (const [key, usages] of await user.usages(db, appId, onlyKey)) all.set(key, [...(all.get(key) ?? []), ...usages]);
    }
    return all;
  }

  async remove(db: DbExecutor, appId: string, key: string, by: { userId: string; now: Date }): Promise<{ removedFromPhrases: number; removedParameters: number }> {
    const total = { removedFromPhrases: 0, removedParameters: 0 };
    for (const user of this.users) {
      const removed = await user.remove(db, appId, key, by);
      total.removedFromPhrases += removed.removedFromPhrases;
      total.removedParameters += removed.removedParameters;
    }
    return total;
  }

  async rename(db: DbExecutor, appId: string, key: string, newName: string): Promise<void> {
    for (const user of this.users) await user.rename(db, appId, key, newName);
  }
}
