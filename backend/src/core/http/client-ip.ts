import type { IncomingMessage } from 'http';

/** Express's compiled `trust proxy` setting (`app.get('trust proxy fn')`): whether the hop at `i` is a trusted proxy. */
export type TrustProxy = (address: string, i: number) => boolean;

/** Nothing is trusted: the client is the socket's peer (Express's default, `trust proxy` false). */
export const trustNone: TrustProxy = () => false;

/**
 * The client's address as Express's `req.ip` gives it, for requests that never reach Express (the hot path): the
 * socket's peer, then the X-Forwarded-For hops from the nearest, stopping at the first hop that is not a trusted
 * proxy (TRUSTED_PROXIES; app.setup.ts compiles it with the same function it hands Express).
 */
export function clientAddress(req: Pick<IncomingMessage, 'socket' | 'headers'>, trust: TrustProxy): string | undefined {
  const peer = req.socket.remoteAddress;
  if (!peer) return undefined;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  const hops = [peer, ...forwarded];
  for (let i = 0; i < hops.length - 1; i++) if (!trust(hops[i], i)) return hops[i];
  return hops[hops.length - 1];
}
