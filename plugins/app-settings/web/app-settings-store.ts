import { inject, injectable } from '@civic/sdk/web/inversify';
import { observable, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, isApiError } from '@civic/sdk/web/services';
import type { AppSettings } from '@civic/sdk/common/model';
import { AppSettingsApi } from '../common/api';
import type { AppSettingsPatchDto } from '../common/app-settings-patch.dto';

export interface AppSettingsEntry {
  status: 'loading' | 'ready' | 'error';
  settings?: AppSettings;
  error?: string;
}

/** App settings per app (GET/PATCH /api/v1/apps/{appId}/settings, §7), shared by the tabs. */
export const AppSettingsStore = Symbol('app-settings.AppSettingsStore');
export interface AppSettingsStore {
  entry(appId: string): AppSettingsEntry | undefined;
  load(appId: string): Promise<void>;
  /** Throws ApiError (422 with `fields` for invalid values). */
  save(appId: string, patch: AppSettingsPatchDto): Promise<void>;
}

@injectable()
export class AppSettingsStoreImpl implements AppSettingsStore {
  private readonly entries = observable.map<string, AppSettingsEntry>({}, { deep: false });

  constructor(@inject(ApiClient) private readonly api: ApiClient) {}

  entry(appId: string): AppSettingsEntry | undefined {
    return this.entries.get(appId);
  }

  async load(appId: string): Promise<void> {
    const previous = this.entries.get(appId);
    if (!previous?.settings) runInAction(() => this.entries.set(appId, { status: 'loading' }));
    try {
      const { appSettings } = await this.api.get<{ appSettings: AppSettings }>(AppSettingsApi.settings(appId));
      runInAction(() => this.entries.set(appId, { status: 'ready', settings: appSettings }));
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      runInAction(() => this.entries.set(appId, { status: 'error', settings: previous?.settings, error: message }));
    }
  }

  async save(appId: string, patch: AppSettingsPatchDto): Promise<void> {
    await this.api.patch(AppSettingsApi.settings(appId), { ...patch });
    // The PATCH answer's shape is not specified (§7): keep what was sent, then re-read the truth.
    runInAction(() => {
      const current = this.entries.get(appId)?.settings;
      if (current) this.entries.set(appId, { status: 'ready', settings: { ...current, ...patch } });
    });
    await this.load(appId);
  }
}
