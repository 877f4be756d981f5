/** The connection pool of the benchmarks' load generators. */
import * as http from 'http';

/**
 * How long the generators keep an idle connection: under the backend's keep-alive timeout (core/http/keep-alive.ts),
 * so the client closes first and never writes on a connection the server is closing (ECONNRESET, counted as an error).
 */
export const CLIENT_IDLE_MS = 30_000;

/**
 * A keep-alive pool with an idle timeout. An http.Agent without `timeout` keeps idle sockets for ever and ignores the
 * server's `Keep-Alive: timeout=N` (Node applies the hint only below the agent's own timeout): that is how a saturated
 * contest day reused connections the server had just closed after its idle timeout.
 */
export function clientAgent(maxSockets: number, idleMs = CLIENT_IDLE_MS): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, timeout: idleMs });
}
