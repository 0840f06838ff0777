import { inject, injectable } from '@civic/sdk/web/inversify';
import { observable, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, isApiError } from '@civic/sdk/web/services';
import { WorkspaceApi, type WorkspaceSummary } from '../common/api';

export interface WorkspaceEntry {
  status: 'loading' | 'ready' | 'error';
  summary?: WorkspaceSummary;
  error?: string;
}

/** My Workspace data per app (GET /api/v1/apps/{appId}/workspace). */
export const WorkspaceStore = Symbol('workspace.WorkspaceStore');
export interface WorkspaceStore {
  entry(appId: string): WorkspaceEntry | undefined;
  load(appId: string): Promise<void>;
}

@injectable()
export class WorkspaceStoreImpl implements WorkspaceStore {
  private readonly entries = observable.map<string, WorkspaceEntry>({}, { deep: false });

  constructor(@inject(ApiClient) private readonly api: ApiClient) {}

  entry(appId: string): WorkspaceEntry | undefined {
    return this.entries.get(appId);
  }

  async load(appId: string): Promise<void> {
    // Keep showing what we have while it refreshes; only a first load shows skeletons.
    const previous = this.entries.get(appId);
    if (!previous?.summary) runInAction(() => this.entries.set(appId, { status: 'loading' }));
    try {
      const summary = await this.api.get<WorkspaceSummary>(WorkspaceApi.summary(appId));
      runInAction(() => this.entries.set(appId, { status: 'ready', summary }));
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      runInAction(() => this.entries.set(appId, { status: 'error', summary: previous?.summary, error: message }));
    }
  }
}
