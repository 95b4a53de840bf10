import type { Db } from '../types';

/**
 * The optional parties of the document headers (buyer, department, carrier, location, salesman,
 * customer group, service item; migration 018) filled on two documents in three, so the document
 * screens' picker filters find something in the demo data. Each value is one the field's picker
 * offers the head office. Deterministic: the n-th document of a tenant (in number order) takes the
 * (n mod count)-th candidate (in key order); the third left empty shows the fields are optional.
 */
interface Party {
  table: string;
  no: string;
  column: string;
  /** the candidates: a tenant's rows of `from`, their value `key` */
  from: string;
  key: string;
  where?: string;
}

const RECEIPT_PARTIES = (table: string): Party[] => [
  { table, no: 'receive_no', column: 'buyer_id', from: 'account', key: 'account_id', where: "client_type = 'HMT' AND org_code = '1000' AND status = 1" },
  { table, no: 'receive_no', column: 'department_code', from: 'department', key: 'department_code' },
  { table, no: 'receive_no', column: 'carrier_no', from: 'carrier', key: 'carrier_no' },
];

export const DOCUMENT_PARTIES: Party[] = [
  ...RECEIPT_PARTIES('purchase_receipt'),
  { table: 'stock_adjustment', no: 'adjust_no', column: 'location_no', from: 'location', key: 'location_no' },
  { table: 'stock_adjustment', no: 'adjust_no', column: 'salesman_id', from: 'salesman', key: 'salesman_id' },
  { table: 'stock_adjustment', no: 'adjust_no', column: 'department_code', from: 'department', key: 'department_code' },
  { table: 'stock_issue_order', no: 'issue_no', column: 'group_id', from: 'group_def', key: 'id' },
  { table: 'stock_issue_order', no: 'issue_no', column: 'carrier_no', from: 'carrier', key: 'carrier_no' },
  { table: 'stock_issue_order', no: 'issue_no', column: 'service_no', from: 'service', key: 'service_no' },
];

/** The values the field's picker offers tenant $1. */
export function candidatesSql(p: Party): string {
  return `SELECT ${p.key} FROM ${p.from} WHERE tenant_id = $1${p.where ? ` AND ${p.where}` : ''}`;
}

function partySql(p: Party): string {
  return `UPDATE ${p.table} SET ${p.column} = x.v
FROM (
  SELECT d.no, m.v FROM
    (SELECT ${p.no} AS no, ROW_NUMBER() OVER (ORDER BY ${p.no}) AS k FROM ${p.table} WHERE tenant_id = $1) d
    JOIN (SELECT ${p.key} AS v, ROW_NUMBER() OVER (ORDER BY ${p.key}) - 1 AS i, COUNT(*) OVER () AS n
          FROM (${candidatesSql(p)}) c) m ON m.i = d.k % m.n
  WHERE d.k % 3 <> 0
) x
WHERE ${p.table}.tenant_id = $1 AND ${p.table}.${p.no} = x.no`;
}

export async function seedDocumentParties(db: Db, tenantId: number): Promise<void> {
  for (const p of DOCUMENT_PARTIES) await db.query(partySql(p), [tenantId]);
}
