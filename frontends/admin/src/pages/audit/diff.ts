/**
 * The change a record describes, field by field: what the expandable row shows first (the whole before/after
 * stays one click away). Objects are compared by their top-level fields; anything else as one value.
 */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** added: only after; removed: only before */
  kind: 'changed' | 'added' | 'removed';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if (!isObject(before) || !isObject(after)) {
    if (same(before, after)) return [];
    if (before === null || before === undefined) return [{ field: '', before: null, after, kind: 'added' }];
    if (after === null || after === undefined) return [{ field: '', before, after: null, kind: 'removed' }];
    return [{ field: '', before, after, kind: 'changed' }];
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const out: FieldChange[] = [];
  for (const field of keys) {
    const inBefore = field in before;
    const inAfter = field in after;
    if (inBefore && inAfter && same(before[field], after[field])) continue;
    out.push({
      field,
      before: inBefore ? before[field] : null,
      after: inAfter ? after[field] : null,
      kind: !inBefore ? 'added' : !inAfter ? 'removed' : 'changed',
    });
  }
  return out;
}

/** A value as one line of the diff table (long texts cut). */
export function shortValue(v: unknown, max = 200): string {
  const s = v === undefined || v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
