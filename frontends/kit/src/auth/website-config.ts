/** The public website config (product §3), fetched once and shared by every app. */
import { useEffect } from 'react';
import { DEFAULT_SITE_SHORT_NAME, WebsiteConfig } from '@oj/contracts';
import { api, call } from '../api/client';
import { createStore, useStore } from '../store/create-store';

export const DEFAULT_WEBSITE_CONFIG: WebsiteConfig = {
  shortName: DEFAULT_SITE_SHORT_NAME,
  projectName: '',
  projectUrl: '',
  recordName: '',
  recordUrl: '',
  description: '',
  register: true,
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  openPublicJudge: true,
  // Until the config is read, and for a server that does not send the flag (HOJ), mail is assumed.
  emailConfigured: true,
};

export const websiteConfigStore = createStore<{ config: WebsiteConfig; loaded: boolean }>({
  config: DEFAULT_WEBSITE_CONFIG,
  loaded: false,
});

let pending: Promise<void> | null = null;
export function loadWebsiteConfig(force = false): Promise<void> {
  if (pending && !force) return pending;
  pending = call<WebsiteConfig>(api.get('/get-website-config'))
    .then((config) => websiteConfigStore.set({ config: { ...DEFAULT_WEBSITE_CONFIG, ...config }, loaded: true }))
    .catch(() => websiteConfigStore.set((s) => ({ ...s, loaded: true })));
  return pending;
}

/**
 * Keeps the browser tab's title on the configured site name (product §3 `shortName`; 'OJ' until it is read), or on an
 * app's own title made from it (the admin app's "<name> 管理后台"). Each app's layout calls it once.
 */
export function useDocumentTitle(title?: string): void {
  const { shortName } = useWebsiteConfig();
  useEffect(() => {
    document.title = title ?? shortName;
  }, [title, shortName]);
}

export function useWebsiteConfig(): WebsiteConfig {
  const { config, loaded } = useStore(websiteConfigStore);
  useEffect(() => {
    if (!loaded) void loadWebsiteConfig();
  }, [loaded]);
  return config;
}
