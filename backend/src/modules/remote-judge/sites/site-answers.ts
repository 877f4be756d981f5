/**
 * What a site's answer means when it is not the page asked for, for the adapters of sites that answer plain pages
 * (HDU, POJ): a bot wall, a rate limit, the site down, an unexpected error status. One place for the rule, so two
 * sites never read the same answer two ways.
 */
import type { RemoteResponse } from '../http/remote-http';
import { RemoteJudgeError } from './site-adapter';
import type { RemoteStep, SiteAdapter } from './site-adapter';

/** What a bot wall in front of a site answers instead of the page (Cloudflare's interstitial, captcha scripts). */
export const BOT_WALL = /<title>\s*Just a moment|cf-chl|challenge-platform|cf_chl_opt|captcha-delivery|g-recaptcha|h-captcha/i;

/** Answers the response when it is the site's own page; throws the RemoteJudgeError it stands for otherwise. */
export function checkPageAnswer(site: SiteAdapter['site'], step: RemoteStep, res: RemoteResponse): RemoteResponse {
  if (res.status === 403 || ((res.status === 503 || res.status === 429) && BOT_WALL.test(res.text))) {
    const what = /cf-chl|cloudflare|Just a moment/i.test(res.text) ? 'Cloudflare challenge' : 'access challenge';
    throw new RemoteJudgeError(site, step, 'challenge', `${what} (HTTP ${res.status})`);
  }
  if (res.status === 429) {
    const seconds = Number(res.headers.get('retry-after'));
    throw new RemoteJudgeError(
      site,
      step,
      'rate-limited',
      'too many requests (HTTP 429)',
      Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined,
    );
  }
  if (res.status >= 500) throw new RemoteJudgeError(site, step, 'unavailable', `the site answered HTTP ${res.status}`);
  if (res.status >= 400)
    throw new RemoteJudgeError(site, step, 'unparsable', `unexpected HTTP ${res.status} from ${new URL(res.url).pathname}`);
  if (res.status < 300 && BOT_WALL.test(res.text))
    throw new RemoteJudgeError(site, step, 'challenge', 'the site answers a bot check instead of the page');
  return res;
}
