/** Builds the nested trees the tree pickers show from flat parent-linked rows. */

type Flat = Record<string, unknown>;
export type Node = Flat & { children?: Node[] };

/**
 * Nests rows under their parents in the given order. A row whose parent is missing (not visible to the
 * user, or absent) becomes a root, so a scoped subset still shows every row it holds.
 */
export function buildTree(rows: readonly Flat[], codeKey: string, parentKey: string): Node[] {
  const byCode = new Map<string, Node>();
  for (const row of rows) {
    const { [parentKey]: _parent, ...rest } = row;
    byCode.set(String(row[codeKey]), { ...rest });
  }
  const roots: Node[] = [];
  for (const row of rows) {
    const node = byCode.get(String(row[codeKey]))!;
    const parentCode = row[parentKey];
    const parent = parentCode === null || parentCode === undefined ? undefined : byCode.get(String(parentCode));
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
