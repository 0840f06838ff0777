import { inject, injectable } from '@civic/sdk/web/inversify';
import { observable, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, isApiError } from '@civic/sdk/web/services';
import { WebChatApi, type WebChatSettingsResponse } from '../common/api';
import type { WebChatSettings } from '../common/webchat-settings';

export interface WebChatSettingsEntry {
  status: 'loading' | 'ready' | 'error';
  settings?: WebChatSettings;
  version?: number;
  /** The app's allowedDomains: the sites that may embed the widget (read only here). */
  allowedDomains?: string[];
  error?: string;
}

/** Widget settings per app (§7 GET/PUT webchat-settings), shared by the Web Chat tab and the fitting room. */
export const WebChatSettingsStore = Symbol('webchat.WebChatSettingsStore');
export interface WebChatSettingsStore {
  entry(appId: string): WebChatSettingsEntry | undefined;
  load(appId: string): Promise<void>;
  /** Throws ApiError: 422 with `fields`, 409 when someone saved since the version read. */
  save(appId: string, settings: WebChatSettings): Promise<void>;
}

@injectable()
export class WebChatSettingsStoreImpl implements WebChatSettingsStore {
  private readonly entries = observable.map<string, WebChatSettingsEntry>({}, { deep: false });

  constructor(@inject(ApiClient) private readonly api: ApiClient) {}

  entry(appId: string): WebChatSettingsEntry | undefined {
    return this.entries.get(appId);
  }

  async load(appId: string): Promise<void> {
    const previous = this.entries.get(appId);
    if (!previous?.settings) runInAction(() => this.entries.set(appId, { status: 'loading' }));
    try {
      const data = await this.api.get<WebChatSettingsResponse>(WebChatApi.settings(appId));
      runInAction(() => this.entries.set(appId, { status: 'ready', settings: data.webchatSettings, version: data.version, allowedDomains: data.allowedDomains }));
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      runInAction(() => this.entries.set(appId, { ...previous, status: 'error', error: message }));
    }
  }

  async save(appId: string, settings: WebChatSettings): Promise<void> {
    const version = this.entries.get(appId)?.version;
    const data = await this.api.put<WebChatSettingsResponse>(WebChatApi.settings(appId), { ...settings, ...(version !== undefined ? { version } : {}) });
    runInAction(() => this.entries.set(appId, { status: 'ready', settings: data.webchatSettings, version: data.version, allowedDomains: data.allowedDomains }));
  }
}
