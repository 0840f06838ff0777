import { inject, injectable } from '@civic/sdk/web/inversify';
import { makeAutoObservable, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, errorMessage } from '@civic/sdk/web/services';
import { recordFeatureUsage } from '@civic/sdk/web/feature-usage';
import type { RoleCode } from '@civic/sdk/common/model';
import { TeamApi, type TeamList, type TeamMember } from '../common/api';

/** The members of the current app and the changes its admins make. */
export const TeamStore = Symbol('team.TeamStore');
export interface TeamStore {
  readonly appId: string | null;
  readonly members: readonly TeamMember[];
  readonly maxMembers: number | null;
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly error: string | null;
  load(appId: string): Promise<void>;
  invite(input: { email: string; role: RoleCode; name?: string }): Promise<TeamMember>;
  changeRole(userId: string, role: RoleCode): Promise<TeamMember>;
  remove(userId: string): Promise<void>;
}

@injectable()
export class TeamStoreImpl implements TeamStore {
  appId: string | null = null;
  members: readonly TeamMember[] = [];
  maxMembers: number | null = null;
  status: TeamStore['status'] = 'idle';
  error: string | null = null;

  constructor(@inject(ApiClient) private readonly api: ApiClient) {
    makeAutoObservable<TeamStoreImpl, 'api'>(this, { api: false });
  }

  async load(appId: string): Promise<void> {
    runInAction(() => {
      if (this.appId !== appId) this.members = [];
      this.appId = appId;
      this.status = 'loading';
    });
    try {
      const list = await this.api.get<TeamList>(TeamApi.members(appId));
      if (this.appId !== appId) return;
      runInAction(() => {
        this.members = list.members;
        this.maxMembers = list.maxMembers;
        this.status = 'ready';
        this.error = null;
      });
    } catch (error) {
      if (this.appId !== appId) return;
      runInAction(() => {
        this.status = 'error';
        this.error = errorMessage(error);
      });
    }
  }

  private requireApp(): string {
    if (!this.appId) throw new Error('No app loaded');
    return this.appId;
  }

  async invite(input: { email: string; role: RoleCode; name?: string }): Promise<TeamMember> {
    const appId = this.requireApp();
    const member = await this.api.post<TeamMember>(TeamApi.members(appId), input);
    recordFeatureUsage(this.api, { appId, event: 'click', feature: 'team-invite', module: 'team' });
    await this.load(appId);
    return member;
  }

  async changeRole(userId: string, role: RoleCode): Promise<TeamMember> {
    const appId = this.requireApp();
    const member = await this.api.patch<TeamMember>(TeamApi.member(appId, userId), { role });
    runInAction(() => {
      this.members = this.members.map((m) => (m.userId === userId ? member : m));
    });
    return member;
  }

  async remove(userId: string): Promise<void> {
    const appId = this.requireApp();
    await this.api.delete(TeamApi.member(appId, userId));
    runInAction(() => {
      this.members = this.members.filter((m) => m.userId !== userId);
    });
  }
}
