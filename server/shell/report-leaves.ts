import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientType } from '../../engine/wire';
import { ROOT_DIR } from '../config';

/** What the menu needs of one report definition (report-defs/reports/*.json). */
export interface ReportLeaf {
  table_id: number;
  title: string;
  title_en: string;
  clients: ClientType[];
  /** menu group key, e.g. 'sales' */
  area: string;
  special_tenant_only: boolean;
  /** a tab target of another page (128 → 33): reached through that page, not listed in the menu */
  in_menu: boolean;
}

export const REPORTS_DIR = join(ROOT_DIR, 'report-defs', 'reports');

const ALL_CLIENTS: ClientType[] = ['HMT', 'HMD', 'HMS'];

function textOf(value: unknown, lang: 'zh' | 'en'): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const text = (value as Record<string, unknown>)[lang];
    if (typeof text === 'string' && text) return text;
  }
  return null;
}

/**
 * One definition as a menu leaf, or null when it has no usable id. Tolerant on purpose: the menu must
 * not break on a definition another tool would reject; the report engine validates definitions fully.
 */
export function leafFromDefinition(def: Record<string, unknown>): ReportLeaf | null {
  const id = Number(def.id ?? def.table_id);
  if (!Number.isInteger(id) || id <= 0) return null;
  const title = textOf(def.title, 'zh') ?? `报表${id}`;
  const clients = Array.isArray(def.clients)
    ? (def.clients.filter((c) => ALL_CLIENTS.includes(c as ClientType)) as ClientType[])
    : ALL_CLIENTS;
  return {
    table_id: id,
    title,
    title_en: textOf(def.title, 'en') ?? title,
    clients,
    area: typeof def.area === 'string' ? def.area : '',
    special_tenant_only: def.special_tenant_only === true,
    in_menu: def.history_family === undefined && def.menu !== false,
  };
}

/** Reads every definition file once (at start); unreadable files are reported and skipped. */
export function loadReportLeaves(dir = REPORTS_DIR, warn: (msg: string) => void = () => {}): ReportLeaf[] {
  if (!existsSync(dir)) return [];
  const leaves: ReportLeaf[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    try {
      const leaf = leafFromDefinition(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      if (leaf) leaves.push(leaf);
      else warn(`menu: ${file} has no report id`);
    } catch (err) {
      warn(`menu: ${file} is not readable JSON (${(err as Error).message})`);
    }
  }
  return leaves.sort((a, b) => a.table_id - b.table_id);
}
