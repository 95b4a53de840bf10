import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataContract } from '../server/ingest/contract-fs';
import { CONTRACT_DOC } from './gen-data-contract';
import { renderDataContract } from './lib/data-contract-docs';

describe('docs/data-contract.md', () => {
  it('is generated from the current migrations and definitions (run npm run gen:contract)', () => {
    expect(readFileSync(CONTRACT_DOC, 'utf8')).toBe(renderDataContract(dataContract()));
  });

  it('has a section per supplied table and lists every derived one', () => {
    const text = renderDataContract(dataContract());
    expect(text).toContain('### sales_order_item\n\nFact, loaded by `npm run load` and the push API.');
    expect(text).toContain('### purchase_receipt\n\nFact, loaded by `npm run load` and the push API.');
    // every fact a retailer supplies has a loader: a new fact table needs its family (server/ingest/fact-families.ts)
    expect(text).not.toContain('not loaded yet');
    expect(text).toMatch(/\| cost_amount \| DECIMAL\(18,4\) \|  \| .*\*\*product fills it:\*\* booked by the posting/);
    expect(text).toContain('| qty | DECIMAL(18,3) | yes |');
    expect(text).toContain('- `sku_no` → `sku.sku_no`');
    expect(text).toContain('| stock_ledger | posting |');
    expect(text).not.toMatch(/^### stock_ledger$/m);
  });
});
