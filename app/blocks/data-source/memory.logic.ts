/** Pure helpers of the in-memory data source: filtering, paging and tree search over fixture rows. */
import type { ListQuery, Page } from './types';

/** A query value as text; empty strings count as absent. */
export function param(query: ListQuery, key: string): string | undefined {
  const value = query[key];
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

export function num(query: ListQuery, key: string): number | undefined {
  const text = param(query, key);
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Case-insensitive containment of `needle` in any of the given values. */
export function contains(needle: string | undefined, ...values: (string | number | null | undefined)[]): boolean {
  if (needle === undefined) return true;
  const n = needle.toLowerCase();
  return values.some((v) => v !== null && v !== undefined && String(v).toLowerCase().includes(n));
}

/** Equality when the parameter is given. */
export function equals(expected: string | undefined, actual: string | number | null | undefined): boolean {
  return expected === undefined || String(actual) === expected;
}

/** Within [min, max] when either bound is given. */
export function between(value: number, min: number | undefined, max: number | undefined): boolean {
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

/** One page of rows; page_num from 1, page_size defaults to 20. */
export function paginate<T>(rows: T[], query: ListQuery): Page<T> {
  const pageSize = Math.max(1, num(query, 'page_size') ?? 20);
  const pageNum = Math.max(1, num(query, 'page_num') ?? 1);
  const start = (pageNum - 1) * pageSize;
  return { list: rows.slice(start, start + pageSize), total: rows.length };
}

type Tree<T> = T & { children?: Tree<T>[] };

/** Nodes whose own text matches, with their ancestors (so the path stays visible); all nodes when no text. */
export function filterTree<T>(nodes: Tree<T>[], matches: (node: T) => boolean): Tree<T>[] {
  const out: Tree<T>[] = [];
  for (const node of nodes) {
    const children = filterTree(node.children ?? [], matches);
    if (matches(node) || children.length > 0) {
      out.push(children.length > 0 ? { ...node, children } : { ...node, children: node.children ? [] : undefined });
    }
  }
  return out;
}
