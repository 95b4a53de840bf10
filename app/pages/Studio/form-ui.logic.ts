/**
 * The studio form's ui schema as the page uses it: the generated words (schemas/report-form.ui.json)
 * in the active language, merged with the page's widgets; array items titled by their content.
 */
import type { StudioLang } from '../../../engine/studio/messages';
import type { StudioDataset } from '../../../engine/studio/wire';

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is { zh: string; en: string } => isNode(v) && typeof v.zh === 'string' && typeof v.en === 'string';

/** Every `ui:title` / `ui:description` pair in one language. */
export function localUi(node: Node, lang: StudioLang): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'ui:title' || key === 'ui:description') && isText(value)) out[key] = value[lang];
    else out[key] = isNode(value) && !key.startsWith('ui:') ? localUi(value, lang) : value;
  }
  return out;
}

/** Deep merge of two ui schemas (b wins on a clash of plain values). */
export function mergeUi(a: Node, b: Node): Node {
  const out: Node = { ...a };
  for (const [key, value] of Object.entries(b)) out[key] = isNode(value) && isNode(a[key]) ? mergeUi(a[key] as Node, value) : value;
  return out;
}

/** An array item's title: the name of what it holds (a chip's dimension, a range's label …), or null. */
export function itemTitle(item: unknown, nameBy: string, dataset: StudioDataset | undefined, lang: StudioLang): string | null {
  if (!isNode(item)) return null;
  const value = item[nameBy];
  if (isText(value)) return value[lang] || null;
  if (typeof value !== 'string' || !value) return null;
  const choice = [...(dataset?.dimensions ?? []), ...(dataset?.measures ?? [])].find((c) => c.id === value);
  return choice ? choice.label[lang] : value;
}

/**
 * Where an error is, in the form's words: the titles along its JSON pointer, an array item by what
 * it holds (`/chips/1/dimension` → 汇总维度 › 品牌 › 维度); the whole report when the pointer is empty.
 */
export function fieldTitleAt(ui: Node, pointer: string, draft: unknown, dataset: StudioDataset | undefined, lang: StudioLang): string {
  const parts: string[] = [];
  let node: unknown = ui;
  let value: unknown = draft;
  for (const token of pointer.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    const index = /^\d+$/.test(token) && Array.isArray(value) ? Number(token) : null;
    if (index !== null) {
      const items = isNode(node) ? node.items : undefined;
      const nameBy = isNode(items) && isNode(items['ui:options']) ? String(items['ui:options'].nameBy ?? '') : '';
      const item = (value as unknown[])[index];
      parts.push((nameBy && itemTitle(item, nameBy, dataset, lang)) || (lang === 'zh' ? `第 ${index + 1} 项` : `item ${index + 1}`));
      node = items;
      value = item;
    } else {
      node = isNode(node) ? node[token] : undefined;
      value = isNode(value) ? value[token] : undefined;
      const title = isNode(node) ? node['ui:title'] : undefined;
      parts.push(typeof title === 'string' ? title : token);
    }
  }
  return parts.length ? parts.join(' › ') : lang === 'zh' ? '整个报表' : 'The report';
}

/** Whether an optional section holds nothing yet (absent, or only empty values): its fields are then not required. */
export function isUnused(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.every(isUnused);
  if (isNode(value)) return Object.values(value).every(isUnused);
  return false;
}
