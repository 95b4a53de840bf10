/** A structural diff of two JSON values as JSON-pointer entries (what changed between versions). */

export interface DiffEntry {
  pointer: string;
  /** absent when the value was added */
  before?: unknown;
  /** absent when the value was removed */
  after?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function walk(a: unknown, b: unknown, pointer: string, out: DiffEntry[]): void {
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      if (i >= a.length) out.push({ pointer: `${pointer}/${i}`, after: b[i] });
      else if (i >= b.length) out.push({ pointer: `${pointer}/${i}`, before: a[i] });
      else walk(a[i], b[i], `${pointer}/${i}`, out);
    }
    return;
  }
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      const at = `${pointer}/${escape(k)}`;
      if (!(k in b)) out.push({ pointer: at, before: a[k] });
      else if (!(k in a)) out.push({ pointer: at, after: b[k] });
      else walk(a[k], b[k], at, out);
    }
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ pointer, before: a, after: b });
}

export function diffJson(before: unknown, after: unknown): DiffEntry[] {
  const out: DiffEntry[] = [];
  walk(before, after, '', out);
  return out;
}
