/**
 * An open-loop load at a given rate, for benches whose issue names a rate ("2,000 candidates saving 50 answers
 * each within 60 s"): requests leave at random moments (exponential gaps, as from independent people) over a
 * pool of keep-alive connections, and each latency counts from the moment its request was due, so time spent
 * waiting for a free connection is counted too (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it lets each connection send its share of a second back to back at the
 * start of the second and then idle, so the server saw a closed-loop burst every second; and it corrects for
 * coordinated omission against an expected interval of 1 ms, which added made-up slow samples to the tail.
 */
import * as http from 'http';
import { clientAgent } from './client-agent';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedResult {
  latency: { mean: number; p50: number; p99: number; max: number };
  requests: { total: number; average: number };
  non2xx: number;
  errors: number;
  /** The first few failures (transport errors and non-2xx statuses), to say what went wrong. */
  failures: string[];
  /** Seconds from the first request due to the last answer. */
  duration: number;
}

export function pacedLoad(o: {
  url: string;
  connections: number;
  rate: number;
  amount: number;
  request: (n: number) => PacedRequest;
}): Promise<PacedResult> {
  const target = new URL(o.url);
  const agent = clientAgent(o.connections);
  const latencies = new Float64Array(o.amount);
  let non2xx = 0;
  let errors = 0;
  const failures: string[] = [];
  const fail = (what: string) => failures.length < 5 && failures.push(what);
  let sent = 0;
  let done = 0;
  const t0 = performance.now();
  let due = t0;
  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy();
      const sorted = Float64Array.from(latencies).sort();
      const at = (f: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))] * 10) / 10;
      const seconds = (performance.now() - t0) / 1000;
      resolve({
        latency: {
          mean: Math.round((sorted.reduce((s, v) => s + v, 0) / sorted.length) * 100) / 100,
          p50: at(0.5),
          p99: at(0.99),
          max: at(1),
        },
        requests: { total: o.amount, average: Math.round((o.amount / seconds) * 10) / 10 },
        non2xx,
        errors,
        failures,
        duration: seconds,
      });
    };
    const answered = (n: number, dueAt: number) => {
      latencies[n] = performance.now() - dueAt;
      if (++done === o.amount) finish();
    };
    const send = (n: number, dueAt: number) => {
      const r = o.request(n);
      const req = http.request(
        { agent, host: target.hostname, port: target.port, method: r.method, path: r.path, headers: r.headers, timeout: 30_000 },
        (res) => {
          if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) {
            non2xx++;
            fail(`HTTP ${res.statusCode} for ${r.method} ${r.path}`);
          }
          res.resume();
          res.on('end', () => answered(n, dueAt));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (e) => {
        errors++;
        fail(`${e.message} for ${r.method} ${r.path} at ${((dueAt - t0) / 1000).toFixed(1)} s`);
        answered(n, dueAt);
      });
      req.end(r.body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < o.amount && due <= now) {
        send(sent++, due);
        due += (-Math.log(1 - Math.random()) * 1000) / o.rate;
      }
      if (sent < o.amount) setTimeout(tick, Math.max(0, due - performance.now()));
    };
    tick();
  });
}
