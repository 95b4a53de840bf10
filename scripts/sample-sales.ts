/**
 * `npm run sample:sales -- <folder> [--day YYYY-MM-DD]`: writes a day of sales (sales_order,
 * sales_order_item, sales_payment as CSV) at the sample folder's stores, of its goods, paid in cash,
 * dated today by default: files to try `npm run load` with after loading tests/fixtures/load-sample.
 * The dates must lie in the open period (the last three months, not after today), so the sample of
 * sales is written when asked rather than kept in the repository.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { today } from '../server/clock';

const { values, positionals } = parseArgs({ options: { day: { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('用法 / usage: npm run sample:sales -- <folder> [--day YYYY-MM-DD]');
  process.exit(2);
}
const folder = positionals[0];
const day = values.day ?? today();
const stores = [['S901', '2901'], ['S902', '2902']];
const goods: [sku: string, price: number][] = [['K901', 3.5], ['K902', 5.9], ['K903', 2]];
const stamp = day.replace(/-/g, '');

const orders = ['order_no,org_code,store_no,order_source,order_kind,is_return,order_time,business_date,total_amount,discount_amount,pay_amount,is_mixed_payment,order_status'];
const items = ['order_no,line_no,sku_no,qty,selling_price,sale_amount,discount_amount,output_tax_rate'];
const payments = ['order_no,pay_line,pay_type,pay_amount,pay_time'];
const money = (x: number) => x.toFixed(4);
let n = 0;
for (const [store, org] of stores) {
  for (let k = 0; k < 3; k++) {
    const no = `SMP${stamp}${String(++n).padStart(3, '0')}`;
    const time = `${day} ${String(9 + k * 3).padStart(2, '0')}:${String(10 + n).padStart(2, '0')}:00`;
    const lines = goods.slice(0, k + 1).map(([sku, price], i) => ({ sku, price, qty: i + 1 }));
    const total = lines.reduce((a, l) => a + l.price * l.qty, 0);
    orders.push(`${no},${org},${store},1,1,0,${time},${day},${money(total)},0,${money(total)},0,4`);
    lines.forEach((l, i) => items.push(`${no},${i + 1},${l.sku},${l.qty},${l.price},${money(l.price * l.qty)},0,0.13`));
    payments.push(`${no},1,CASH,${money(total)},${time}`);
  }
}
mkdirSync(folder, { recursive: true });
writeFileSync(join(folder, 'sales_order.csv'), `${orders.join('\n')}\n`);
writeFileSync(join(folder, 'sales_order_item.csv'), `${items.join('\n')}\n`);
writeFileSync(join(folder, 'sales_payment.csv'), `${payments.join('\n')}\n`);
console.log(`${n} orders of ${day} at ${stores.map((s) => s[0]).join(', ')} written to ${folder}`);
