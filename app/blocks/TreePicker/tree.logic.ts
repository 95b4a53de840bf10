/**
 * Pure rules of the tree pickers (category, brand, organisation, department): text filtering that keeps
 * ancestors, leaf level, default expansion and the choice limit (rules 395, 397).
 */
import { filterTree } from '../data-source/memory.logic';
import type { TreePickerDescription } from '../Picker/picker.types';
import { fieldKey, isChosen, toggleChosen } from '../Picker/selection.logic';

export type TreeNode = Record<string, unknown> & { children?: TreeNode[] };

export const codeOf = (desc: TreePickerDescription<any>) => fieldKey<TreeNode>(desc.codeField);

export function nameOf(desc: TreePickerDescription<any>, node: TreeNode): string {
  return String(node[desc.nameField] ?? '');
}

/** A node is a leaf at the description's leaf level (category level 3), or when it has no children. */
export function isLeaf(desc: TreePickerDescription<any>, node: TreeNode): boolean {
  if (desc.leafLevel !== undefined && desc.levelField && Number(node[desc.levelField]) >= desc.leafLevel) return true;
  return !node.children || node.children.length === 0;
}

/** Nodes whose code or name contains the text, with their ancestors; the whole tree for empty text. */
export function filterNodes(desc: TreePickerDescription<any>, nodes: TreeNode[], text: string): TreeNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes;
  return filterTree<TreeNode>(nodes, (n) => `${n[desc.codeField] ?? ''} ${n[desc.nameField] ?? ''}`.toLowerCase().includes(needle));
}

/** Every code of the tree (used to expand all while filtering). */
export function allCodes(desc: TreePickerDescription<any>, nodes: TreeNode[]): string[] {
  const code = codeOf(desc);
  return nodes.flatMap((n) => [code(n), ...allCodes(desc, n.children ?? [])]);
}

/** The keys open when the tree is shown (org: '1000' and '0'). */
export function initialExpanded(desc: TreePickerDescription<any>): string[] {
  return desc.defaultExpanded ?? [];
}

export function toggleExpanded(expanded: readonly string[], code: string): string[] {
  return expanded.includes(code) ? expanded.filter((c) => c !== code) : [...expanded, code];
}

/** The node as a chosen value: its own fields without the subtree. */
export function stripChildren(node: TreeNode): TreeNode {
  const { children: _children, ...rest } = node;
  return rest;
}

export type TreeToggle = { ok: true; chosen: TreeNode[] } | { ok: false; message: string; params: { limit: number } };

/** Choose or un-choose a node; above the description's limit the choice is refused. */
export function toggleNode(desc: TreePickerDescription<any>, chosen: readonly TreeNode[], node: TreeNode, multiple: boolean): TreeToggle {
  const code = codeOf(desc);
  const adding = !isChosen(chosen, node, code);
  if (adding && multiple && desc.limit !== undefined && chosen.length >= desc.limit) {
    return { ok: false, message: 'blocks.picker.limitExceeded', params: { limit: desc.limit } };
  }
  return { ok: true, chosen: toggleChosen(chosen, stripChildren(node), code, multiple) };
}
