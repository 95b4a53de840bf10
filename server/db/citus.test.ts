import { describe, expect, it } from 'vitest';
import { foreignKeyViolations, keyViolations } from './citus';

const distributed = new Set(['sales_order', 'sales_order_item', 'account_session']);

describe('what a distribution by tenant_id refuses', () => {
  it('names keys of distributed tables not led by tenant_id, and leaves reference tables alone', () => {
    expect(
      keyViolations(
        [
          { table_name: 'sales_order', index_name: 'sales_order_pkey', first_column: 'tenant_id' },
          { table_name: 'account_session', index_name: 'account_session_pkey', first_column: 'token_hash' },
          { table_name: 'sales_order_item', index_name: 'ux_expr', first_column: null },
          { table_name: 'tenant', index_name: 'ux_tenant_merchant', first_column: 'merchant_no' },
        ],
        distributed,
      ),
    ).toEqual([
      'account_session: unique index account_session_pkey begins with token_hash, not tenant_id',
      'sales_order_item: unique index ux_expr begins with an expression, not tenant_id',
    ]);
  });

  it('names foreign keys that do not pair tenant_id, or point from a reference table into a distributed one', () => {
    const fk = (table_name: string, referenced: string, columns: string[], referenced_columns: string[]) => ({
      table_name,
      constraint_name: `${table_name}_fk`,
      referenced,
      columns,
      referenced_columns,
    });
    expect(
      foreignKeyViolations(
        [
          fk('sales_order_item', 'sales_order', ['tenant_id', 'order_no'], ['tenant_id', 'order_no']),
          fk('sales_order_item', 'sales_order', ['order_no', 'tenant_id'], ['tenant_id', 'order_no']),
          fk('sales_order', 'tenant', ['tenant_id'], ['tenant_id']),
          fk('menu', 'sales_order', ['order_no'], ['order_no']),
        ],
        distributed,
      ),
    ).toEqual([
      'sales_order_item: sales_order_item_fk to sales_order does not pair tenant_id with tenant_id',
      'menu: menu_fk points from a reference table at distributed sales_order',
    ]);
  });
});
