/**
 * The fields an edit really changed, before and after: what a record of an edit keeps (docs/roles.md "Audit
 * log"), so a save that changed only the phone says only the phone.
 */

type Fields = Record<string, unknown>;

/** A value compared by what it says: empty is null, a list by its members whatever their order. */
function sameValue(a: unknown, b: unknown): boolean {
  const x = a === undefined || a === '' ? null : a;
  const y = b === undefined || b === '' ? null : b;
  if (Array.isArray(x) && Array.isArray(y)) {
    const sorted = (list: unknown[]) => JSON.stringify(list.map((v) => JSON.stringify(v)).sort());
    return sorted(x) === sorted(y);
  }
  return JSON.stringify(x) === JSON.stringify(y);
}

/** The keys of `after` whose value differs from `before`'s, each side; null when nothing changed. */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } | null {
  const keys = Object.keys(after).filter((key) => !sameValue(before[key], after[key]));
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}
