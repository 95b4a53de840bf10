/** What a session may see, from the stored session only (never from the request). */
import type { ServerSession } from '../auth/session';
import { forbidden } from '../http/errors';

export const HEAD_OFFICE_ORG = '1000';

export const isHeadOffice = (s: ServerSession) => s.client === 'HMT';
export const isStore = (s: ServerSession) => s.client === 'HMD';
export const isSupplier = (s: ServerSession) => s.client === 'HMS';

/** A store user's orgs: its own and its related ones; null means no org restriction. */
export function storeOrgs(s: ServerSession): string[] | null {
  if (!isStore(s)) return null;
  return [...new Set([s.org_code, ...s.account_org_relation.map((r) => r.org_code)])];
}

/** The supplier a supplier user is fixed to; null for other clients. */
export function ownSupplier(s: ServerSession): string | null {
  if (!isSupplier(s)) return null;
  if (!s.supplier_no) throw forbidden('NO_SUPPLIER', '当前账号未关联供应商');
  return s.supplier_no;
}

/** Warehouse lists: no org filter for the head office (org 1000), the user's own org otherwise (rule 392). */
export function warehouseOrg(s: ServerSession): string | null {
  return s.org_code === HEAD_OFFICE_ORG ? null : s.org_code;
}
