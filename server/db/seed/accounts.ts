import { DAY_CLOSE_MENU_ID } from '../../../engine/day-close';
import { INGEST_MENU_ID } from '../../../engine/ingest';
import { PRINT_STYLES_MENU_ID } from '../../../engine/print/styles';
import { STUDIO_PERMISSION } from '../../../engine/studio/rules';
import type { ClientType } from '../../../engine/wire';
import { hashPassword, md5Hex } from '../../auth/password';
import { GIVEN, SURNAMES } from './names';
import { Rng } from './prng';
import { documentIds, permissionOf, reportIds } from './reports';
import type { World } from './world';

export const DEMO_PASSWORD = 'Demo@2026';
export const NEWHIRE_PASSWORD = 'Hm@123456';
/** The analyst's partial permission: some sales reports and the home page (menu filtering tests). */
export const ANALYST_PERMISSION = `35,44,70,142,143,166,dashboard,user,menu-nav,${STUDIO_PERMISSION}`;

export interface AccountSeed {
  account_id: number;
  username: string;
  account_name: string;
  client_type: ClientType;
  org_code: string;
  store_no: string | null;
  supplier_no: string | null;
  is_driver: number;
  password: string;
  forcedChange: boolean;
  permission: string;
  status: number;
  relations: string[];
}

/**
 * The tenant's accounts (the README's demo accounts plus cashiers, pickers, drivers and the online-mall
 * pseudo-cashier). Also records their ids on the world, where the simulation needs them.
 */
export function buildAccounts(world: World): { accounts: AccountSeed[]; mallAccount: number } {
  const t = world.tenantId;
  const rng = Rng.of(t, 'accounts');
  const personName = () => rng.pick(SURNAMES) + rng.pick(GIVEN) + (rng.chance(0.5) ? rng.pick(GIVEN) : '');
  const accounts: AccountSeed[] = [];
  const add = (a: Omit<AccountSeed, 'account_id' | 'store_no' | 'supplier_no' | 'is_driver' | 'password' | 'forcedChange' | 'status' | 'relations'> & Partial<AccountSeed>) => {
    const seed: AccountSeed = {
      account_id: t * 1000 + accounts.length + 1,
      store_no: null,
      supplier_no: null,
      is_driver: 0,
      password: DEMO_PASSWORD,
      forcedChange: false,
      status: 1,
      relations: [],
      ...a,
    };
    accounts.push(seed);
    return seed.account_id;
  };
  const hq = permissionOf([...reportIds('HMT', world.profile.special), ...documentIds('HMT'), PRINT_STYLES_MENU_ID, DAY_CLOSE_MENU_ID, INGEST_MENU_ID]);
  add({ username: 'admin', account_name: '系统管理员', client_type: 'HMT', org_code: '1000', permission: `${hq},${STUDIO_PERMISSION}` });
  const mallAccount = add({ username: 'mall', account_name: '线上商城', client_type: 'HMT', org_code: '1000', permission: '', status: 0 });
  if (t === 10139) {
    const [s1, s2] = world.sellingStores;
    const v1 = world.suppliers[0];
    add({ username: 'store01', account_name: `${s1.name}店长`, client_type: 'HMD', org_code: s1.org_code, store_no: s1.store_no, permission: permissionOf([...reportIds('HMD'), ...documentIds('HMD'), PRINT_STYLES_MENU_ID]), relations: [s1.org_code, s2.org_code] });
    add({ username: 'supplier01', account_name: `${v1.name.slice(0, 6)}业务员`, client_type: 'HMS', org_code: v1.org_code, supplier_no: v1.supplier_no, permission: permissionOf([...reportIds('HMS'), ...documentIds('HMS'), PRINT_STYLES_MENU_ID]) });
    add({ username: 'newhire', account_name: '新员工', client_type: 'HMT', org_code: '1000', password: NEWHIRE_PASSWORD, forcedChange: true, permission: hq });
    add({ username: 'analyst', account_name: '数据分析师', client_type: 'HMT', org_code: '1000', permission: ANALYST_PERMISSION });
  }
  const cashierPermission = permissionOf(['35', '149', '165', '187']);
  for (const st of world.sellingStores) {
    const n = 2 + (st.idx % 2);
    st.cashiers = [];
    for (let i = 1; i <= n; i++) {
      st.cashiers.push(
        add({ username: `${st.store_no.toLowerCase()}cash${i}`, account_name: `收银员${personName()}`, client_type: 'HMD', org_code: st.org_code, store_no: st.store_no, permission: cashierPermission, relations: [st.org_code] }),
      );
    }
  }
  const basic = permissionOf([]);
  for (const c of world.centers) {
    c.pickers = [1, 2, 3].map((i) => add({ username: `${c.center_code.toLowerCase()}pick${i}`, account_name: `拣货员${personName()}`, client_type: 'HMT', org_code: c.org_code, permission: basic }));
    c.drivers = [1, 2, 3].map((i) => add({ username: `${c.center_code.toLowerCase()}drv${i}`, account_name: `司机${personName()}`, client_type: 'HMT', org_code: c.org_code, is_driver: 1, permission: basic }));
  }
  return { accounts, mallAccount };
}

/** Account rows with password hashes; scrypt is slow, so each distinct password is hashed once. */
export async function accountRows(tenantId: number, accounts: AccountSeed[], now: string, hashes: Map<string, string>) {
  for (const a of accounts) {
    if (!hashes.has(a.password)) hashes.set(a.password, await hashPassword(md5Hex(a.password)));
  }
  return accounts.map((a) => ({
    tenant_id: tenantId,
    account_id: a.account_id,
    username: a.username,
    account_name: a.account_name,
    client_type: a.client_type,
    org_code: a.org_code,
    is_driver: a.is_driver,
    store_no: a.store_no,
    supplier_no: a.supplier_no,
    mobile: null,
    password_hash: hashes.get(a.password)!,
    is_edit_password: a.forcedChange ? 1 : 0,
    is_open_edit_password: a.forcedChange ? 1 : 0,
    permission: a.permission,
    display_menu: '1',
    status: a.status,
    created_at: now,
    updated_at: now,
    created_by: 'seed',
    updated_by: 'seed',
  }));
}
