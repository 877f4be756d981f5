/** The award ceremony's resolver data (issue 35): contest admins, ended sealed ACM contests only (a refusal shows on the page, no toast). */
import { ADMIN_CONTEST_API, ResolverData } from '@oj/contracts';
import { api, call } from '@oj/kit';

export const getResolverData = (cid: number) => call<ResolverData>(api.get(ADMIN_CONTEST_API.resolver, { params: { cid }, silent: true }));
