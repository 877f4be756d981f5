/**
 * Field names whose values never reach the audit trail: containing one of these words (any case), or ending in
 * "key" (`key`, `apiKey`, `slideKey`). `accessKeyId` names a key without being one and stays readable.
 */
const SECRET_NAME = /password|passwd|pwd|secret|token|salt|credential|cookie|authorization|private_?key|key$/i;

/** Shown instead of a secret: the reader sees that the field was there (and changed, when before and after differ). */
export const REDACTED = '[redacted]';

/** True when a field of this name holds a secret. */
export function isSecretField(name: string): boolean {
  return SECRET_NAME.test(name);
}

const MAX_DEPTH = 12;

/**
 * Numbers and booleans under a secret-like name are settings about secrets (`passwordLength`, `tokenVersion`), not
 * secrets: they stay readable. An empty or missing value says "no secret set", which is worth seeing too.
 */
function holdsSecret(v: unknown): boolean {
  if (v === null || v === '' || typeof v === 'number' || typeof v === 'boolean') return false;
  return true;
}

/**
 * A JSON-ready copy of `value` with every secret field replaced, at any depth. Dates become ISO strings, bigints
 * strings, functions and undefined are dropped; cycles and very deep values are cut (an audit record describes a
 * change, it does not need to hold a whole object graph).
 */
export function redactSecrets(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (typeof value !== 'object') return typeof value === 'number' && !Number.isFinite(value) ? null : value;
  if (depth >= MAX_DEPTH || seen.has(value)) return '[…]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1, seen) ?? null);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined || typeof v === 'function') continue;
      out[k] = isSecretField(k) && holdsSecret(v) ? REDACTED : redactSecrets(v, depth + 1, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}
