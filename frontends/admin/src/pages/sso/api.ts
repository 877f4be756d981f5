/** Admin → Login (single sign-on, issue 36) calls; root only (contracts SSO_ROUTES). */
import { SSO_ROUTES, SsoProviderBody, SsoProviderView, SsoSiteSettings, SsoTestResult } from '@oj/contracts';
import { api, call } from '@oj/kit';

export const getSsoProviders = () => call<SsoProviderView[]>(api.get(SSO_ROUTES.adminProviders));
export const createSsoProvider = (body: SsoProviderBody) => call<SsoProviderView>(api.post(SSO_ROUTES.adminProvider, body));
export const updateSsoProvider = (body: SsoProviderBody) => call<SsoProviderView>(api.put(SSO_ROUTES.adminProvider, body));
export const deleteSsoProvider = (id: number) => call<null>(api.delete(SSO_ROUTES.adminProvider, { params: { id } }));
export const getSsoSettings = () => call<SsoSiteSettings>(api.get(SSO_ROUTES.adminSettings));
export const setSsoSettings = (body: SsoSiteSettings) => call<SsoSiteSettings>(api.put(SSO_ROUTES.adminSettings, body));
export const testSsoProvider = (id: number) => call<SsoTestResult>(api.post(SSO_ROUTES.adminTest, { id }));
