import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelXml } from '../engine/print/label';
import { pdfText } from '../server/print/pdf-text';
import { startLabelDriver } from './label-driver';

let out: string;
let driver: Awaited<ReturnType<typeof startLabelDriver>>;
let base: string;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'hm-labels-'));
  driver = await startLabelDriver({ port: 0, outDir: out });
  const addr = driver.server.address() as { port: number };
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(() => {
  driver.server.close();
  rmSync(out, { recursive: true, force: true });
});

describe('reference label driver (rules 243–245)', { timeout: 30_000 }, () => {
  it('answers its status with CORS for the print frame', async () => {
    const res = await fetch(`${base}/status`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toMatchObject({ ok: true });
  });

  it('renders every record of the label XML as one label page, full-width text intact', async () => {
    const xml = labelXml(
      [
        { sku_no: 'A1', sku_name: '可乐(大)', selling_price: 3.5, print_num: 2 },
        { sku_no: 'B2', sku_name: '纯奶 100%', selling_price: 6, print_num: 1 },
      ],
      { name: '标准', content: '<label w="60" h="40"><text x="2" y="2" size="9">{sku_name} ¥{selling_price}</text></label>' },
    );
    const res = await fetch(`${base}/print`, { method: 'POST', body: xml, headers: { 'content-type': 'text/xml' } });
    const answer = (await res.json()) as { ok: boolean; records: number; file: string };
    expect(answer).toMatchObject({ ok: true, records: 3 });
    const pages = pdfText(readFileSync(answer.file)).split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('可乐（大） ¥3.5');
    expect(pages[2]).toContain('纯奶 100％');
    const last = (await (await fetch(`${base}/jobs/last`)).json()) as { records: { sku_no: string }[] };
    expect(last.records.map((r) => r.sku_no)).toEqual(['A1', 'A1', 'B2']);
  });

  it('refuses XML without records', async () => {
    expect((await fetch(`${base}/print`, { method: 'POST', body: '<labels/>' })).status).toBe(400);
  });
});
