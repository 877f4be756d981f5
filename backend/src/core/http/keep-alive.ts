/**
 * Keep-alive timeouts of the HTTP server. Node closes an idle keep-alive connection after 5 s by default; a client that
 * keeps idle connections longer (a reverse proxy: nginx's upstream keepalive_timeout is 60 s; the contest-day bench's
 * pool; any client whose event loop is busy when the server's FIN arrives) may send its next request on the connection
 * at the moment the server closes it, and gets ECONNRESET: a failed request under load. The server must be the side
 * that waits longest, so its timeout is above the clients' (they close first, cleanly), and it says so in
 * `Keep-Alive: timeout=N`, which Node clients honour (an agent with a timeout closes a second before it).
 */
import type { Server } from 'http';

/** Above the 60 s of common proxies and clients. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function configureKeepAlive(server: Server, keepAliveTimeoutMs: number): void {
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // Node measures headersTimeout from the connection's first byte of a request; a reused connection's next request
  // must not be cut by it before the keep-alive timeout ran out (and it must stay under requestTimeout).
  server.headersTimeout = Math.max(server.headersTimeout, keepAliveTimeoutMs + 1000);
  if (server.requestTimeout > 0) server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout);
}
