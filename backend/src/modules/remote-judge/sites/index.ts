import { AtCoderAdapter } from './atcoder/atcoder.adapter';
import { BasAdapter } from './bas/bas.adapter';
import { CodeforcesAdapter, GymAdapter } from './codeforces/codeforces.adapter';
import { HduAdapter } from './hdu/hdu.adapter';
import { PojAdapter } from './poj/poj.adapter';
import type { SiteAdapter } from './site-adapter';
import { SpojAdapter } from './spoj/spoj.adapter';

/** Every site adapter this platform has, one per remote judge key (REMOTE_OJS). */
export const SITE_ADAPTERS: SiteAdapter[] = [
  new HduAdapter(),
  new CodeforcesAdapter(),
  new PojAdapter(),
  new GymAdapter(),
  new AtCoderAdapter(),
  new SpojAdapter(),
  new BasAdapter(),
];
