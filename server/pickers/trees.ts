/** Category, brand, organisation and department trees (rules 395, 397, 423–428). */
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';
import { int, oneOf, type RawQuery } from './params';
import { isSupplier, storeOrgs } from './scope';
import { Where } from './sql';
import { buildTree, type Node } from './tree.logic';

/** Rule 397: the org picker loads at most 999 organisations. */
export const ORG_LIMIT = 999;
const TREE_LIMIT = 5000;

/** Role-filtered category tree (is_role '1'), leaf level 3. */
export async function categoryTree(db: Db, s: ServerSession, q: RawQuery): Promise<Node[]> {
  const role = oneOf(q, 'is_role', ['0', '1']);
  oneOf(q, 'fast_show', ['0', '1']);
  const where = new Where().eq('c.tenant_id', s.tenant_id).add('c.cate_level <= 3');
  if (role === '1') where.add("c.is_role = '1'");
  const rows = await db.query(
    `SELECT c.cate_code, c.cate_name, c.cate_level, c.parent_cate_code, c.cate_code AS back_cate_code
       FROM category c ${where.sql} ORDER BY c.cate_level, c.cate_code LIMIT ${TREE_LIMIT}`,
    where.params,
  );
  // parent_cate_code is a field of the node too (rule 423), so keep a copy before nesting
  return buildTree(rows.map((r) => ({ ...r, parent: r.parent_cate_code })), 'cate_code', 'parent');
}

export async function brandTree(db: Db, s: ServerSession): Promise<Node[]> {
  const rows = await db.query(
    `SELECT b.brand_code, b.brand_name, b.parent_brand_code FROM brand b WHERE b.tenant_id = $1 ORDER BY b.brand_code LIMIT ${TREE_LIMIT}`,
    [s.tenant_id],
  );
  return buildTree(rows, 'brand_code', 'parent_brand_code');
}

/**
 * Organisations: the head office sees all; a store user its own and related orgs; a supplier user the
 * head office, warehouses and stores (not other suppliers or wholesale clients).
 */
export async function orgTree(db: Db, s: ServerSession, q: RawQuery): Promise<Node[]> {
  const limit = Math.min(int(q, 'limit') ?? ORG_LIMIT, ORG_LIMIT);
  const where = new Where().eq('o.tenant_id', s.tenant_id);
  const orgs = storeOrgs(s);
  if (orgs) where.in('o.org_code', orgs);
  if (isSupplier(s)) where.add('o.org_type IN (0, 1, 2)');
  const rows = await db.query(
    `SELECT o.org_code, o.org_name, o.org_type, o.parent_org_code FROM organisation o ${where.sql}
      ORDER BY o.org_type, o.org_code LIMIT ${limit}`,
    where.params,
  );
  return buildTree(rows, 'org_code', 'parent_org_code');
}

export async function departmentTree(db: Db, s: ServerSession): Promise<Node[]> {
  const rows = await db.query(
    `SELECT d.department_code, d.department_name, d.parent_department_code FROM department d
      WHERE d.tenant_id = $1 ORDER BY d.department_code LIMIT ${TREE_LIMIT}`,
    [s.tenant_id],
  );
  return buildTree(rows, 'department_code', 'parent_department_code');
}
