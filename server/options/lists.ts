import { ENUMS, type OptionListName } from '../../engine/options';
import type { ServerSession } from '../auth/session';

/**
 * SQL for each option list: `value` and `label` for the filter, plus the spec's own field names.
 * $1 is always the session's tenant. `scope` narrows a list for store or supplier users.
 */
interface ListSql {
  sql: string;
  scope?: (s: ServerSession) => { clause: string; value: unknown } | null;
}

const supplierScope = (s: ServerSession) =>
  s.client === 'HMS' ? { clause: 'AND supplier_no = $2', value: s.supplier_no } : null;

export const LIST_SQL: Record<Exclude<OptionListName, 'logistics_types'>, ListSql> = {
  services: {
    sql: `SELECT service_no AS value, service_name AS label, service_no, service_name, service_cate_name
            FROM service WHERE tenant_id = $1 AND service_status = '1' ORDER BY service_no`,
  },
  finance_categories: {
    sql: 'SELECT cate_code AS value, cate_name AS label, cate_code, cate_name FROM finance_category WHERE tenant_id = $1 ORDER BY cate_code',
  },
  cards: {
    sql: 'SELECT card_no AS value, card_name AS label, card_no, card_name FROM card WHERE tenant_id = $1 ORDER BY card_no',
  },
  package_cards: {
    sql: 'SELECT card_no AS value, card_name AS label, card_no, card_name FROM card WHERE tenant_id = $1 AND card_type = 3 ORDER BY card_no',
  },
  coupon_activities: {
    sql: `SELECT coupon_activity_key AS value, activity_title AS label, coupon_activity_key, activity_title
            FROM coupon_activity WHERE tenant_id = $1 ORDER BY coupon_activity_key`,
  },
  storages: {
    sql: 'SELECT storage_no AS value, storage_name AS label, storage_no, storage_name FROM storage WHERE tenant_id = $1 ORDER BY storage_no',
  },
  storage_projects: {
    sql: `SELECT storage_project_no AS value, storage_project_name AS label, storage_project_no, storage_project_name
            FROM storage_project WHERE tenant_id = $1 ORDER BY storage_project_no`,
  },
  storage_clients: {
    sql: `SELECT storage_client_no AS value, storage_client_name AS label, storage_client_no, storage_client_name
            FROM storage_client WHERE tenant_id = $1 ORDER BY storage_client_no`,
  },
  drivers: {
    sql: `SELECT CAST(account_id AS VARCHAR) AS value, account_name AS label, account_name AS driver_name, account_id
            FROM account WHERE tenant_id = $1 AND is_driver = 1 ORDER BY account_id`,
  },
  delivery_routes: {
    sql: `SELECT delivery_route_no AS value, delivery_route_name AS label, delivery_route_no, delivery_route_name
            FROM delivery_route WHERE tenant_id = $1 ORDER BY delivery_route_no`,
  },
  plus_member_cards: {
    sql: `SELECT plus_card_no AS value, plus_card_name AS label, plus_card_no, plus_card_name
            FROM plus_member_card WHERE tenant_id = $1 ORDER BY plus_card_no`,
  },
  member_levels: {
    sql: 'SELECT level_no AS value, level_name AS label, level_no, level_name FROM member_level WHERE tenant_id = $1 ORDER BY sort, level_no',
  },
  suppliers: {
    sql: `SELECT supplier_no AS value, supplier_name AS label, supplier_no, supplier_name
            FROM supplier WHERE tenant_id = $1 AND source_type = '1' {scope} ORDER BY supplier_no`,
    scope: supplierScope,
  },
  output_tax: {
    sql: 'SELECT CAST(tax_rate AS VARCHAR) AS value, tax_name AS label, tax_rate, tax_name FROM output_tax WHERE tenant_id = $1 ORDER BY tax_rate',
  },
  payment_trade: {
    sql: `SELECT pay_type AS value, pay_type_name AS label, pay_type, pay_type_name
            FROM payment_trade_type WHERE tenant_id = $1 ORDER BY sort, pay_type`,
  },
  show_status: {
    sql: `SELECT DISTINCT show_status AS value, show_status_name AS label, show_status, show_status_name
            FROM payment_trade_type WHERE tenant_id = $1 ORDER BY show_status`,
  },
  invoice_types: {
    sql: `SELECT invoice_type AS value, invoice_type_name AS label, party_type, invoice_type, invoice_type_name
            FROM invoice_type WHERE tenant_id = $1 ORDER BY party_type, invoice_type`,
  },
  arap_types: {
    sql: `SELECT arap_type AS value, arap_type_name AS label, arap_type, arap_type_name, direction
            FROM ar_ap_type WHERE tenant_id = $1 ORDER BY direction, arap_type`,
  },
  adjustment_reasons: {
    sql: 'SELECT reason_code AS value, reason_name AS label, reason_code, reason_name FROM adjustment_reason WHERE tenant_id = $1 ORDER BY reason_code',
  },
  purchase_order_sources: {
    sql: `SELECT source_code AS value, source_name AS label, source_code, source_name
            FROM purchase_order_source WHERE tenant_id = $1 ORDER BY source_code`,
  },
  sku_tag_categories: {
    sql: `SELECT tag_cate_code AS value, tag_cate_name AS label, tag_cate_code, tag_cate_name, parent_code
            FROM sku_tag_category WHERE tenant_id = $1 ORDER BY tag_cate_code`,
  },
  carriers: {
    sql: 'SELECT carrier_no AS value, carrier_name AS label, carrier_no, carrier_name FROM carrier WHERE tenant_id = $1 ORDER BY carrier_no',
  },
};

/** Lists that are fixed enumerations rather than tenant data. */
export const FIXED_LISTS: Partial<Record<OptionListName, { value: string; label: string }[]>> = {
  logistics_types: ENUMS.logistics_type,
};

export function listQuery(name: Exclude<OptionListName, 'logistics_types'>, session: ServerSession) {
  const def = LIST_SQL[name];
  const scope = def.scope?.(session) ?? null;
  return {
    sql: def.sql.replace('{scope}', scope?.clause ?? ''),
    params: scope ? [session.tenant_id, scope.value] : [session.tenant_id],
  };
}
