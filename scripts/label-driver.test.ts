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
const APP = 'http://127.0.0.1:8080';
const XML = { 'content-type': 'text/xml', origin: APP };

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'hm-labels-'));
  driver = await startLabelDriver({ port: 0, outDir: out, origins: [APP] });
  const addr = driver.server.address() as { port: number };
  base = `http://127.0.0.1:${addr.port}`;
});
afterAll(() => {
  driver.server.close();
  rmSync(out, { recursive: true, force: true });
});

describe('reference label driver (rules 243–245)', { timeout: 30_000 }, () => {
  it('answers its status with CORS for the print frame', async () => {
    const res = await fetch(`${base}/status`, { headers: { origin: APP } });
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(await res.json()).toMatchObject({ ok: true });
  });

  it('any other page is refused and cannot print; answers carry no goods or file paths', async () => {
    const evil = 'https://evil.example';
    const status = await fetch(`${base}/status`, { headers: { origin: evil } });
    expect(status.status).toBe(403);
    // the page may read why (the product's frame under another address says so), never call
    expect(status.headers.get('access-control-allow-origin')).toBe(evil);
    expect(status.headers.get('access-control-allow-methods')).toBeNull();
    expect((await status.json()).message).toBe(`该页面（${evil}）无权使用打印驱动：打印驱动只接受 ${APP}。后台不在这些地址时，请用 LABEL_DRIVER_ORIGINS 设置后台的地址后重启打印驱动`);
    const preflight = await fetch(`${base}/print`, { method: 'OPTIONS', headers: { origin: evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect([preflight.status, preflight.headers.get('access-control-allow-headers')]).toEqual([403, null]);
    const before = driver.jobs.length;
    const xml = labelXml([{ sku_no: 'A1', sku_name: '可乐', selling_price: 3.5, print_num: 1 }], { name: '标准', content: '<label w="60" h="40"/>' });
    expect((await fetch(`${base}/print`, { method: 'POST', body: xml, headers: { 'content-type': 'text/xml', origin: evil } })).status).toBe(403);
    // a page may post text/plain without asking first: the driver takes XML only
    expect((await fetch(`${base}/print`, { method: 'POST', body: xml, headers: { 'content-type': 'text/plain', origin: APP } })).status).toBe(415);
    expect(driver.jobs.length).toBe(before);
    expect((await fetch(`${base}/jobs/last`, { headers: { origin: APP } })).status).toBe(404);
    const printed = await (await fetch(`${base}/print`, { method: 'POST', body: xml, headers: XML })).json();
    expect(printed).toEqual({ ok: true, records: 1 });
  });

  it('a label without size or with an item outside it is refused (400) at once', async () => {
    const post = (content: string) =>
      fetch(`${base}/print`, { method: 'POST', headers: XML, body: labelXml([{ sku_no: 'A1', sku_name: '可乐', selling_price: 3.5, print_num: 1 }], { name: 'x', content }) });
    for (const content of [
      '<label w="0" h="0"/>',
      '<label w="-5" h="40"/>',
      '<label w="100000" h="40"/>',
      '<label w="60" h="40"><text x="70" y="2" size="9">{sku_name}</text></label>',
      '<label w="60" h="40"><text x="2" y="45" size="9">{sku_name}</text></label>',
      '<label w="60" h="40"><text x="2" y="2" size="0">{sku_name}</text></label>',
      '<label w="60" h="40"><text x="2" y="2" size="500">{sku_name}</text></label>',
    ]) {
      const res = await post(content);
      expect(res.status, content).toBe(400);
      expect((await res.json()).message, content).toMatch(/价签(尺寸|内容)/);
    }
  });

  it('renders every record of the label XML as one label page, full-width text intact', async () => {
    const xml = labelXml(
      [
        { sku_no: 'A1', sku_name: '可乐(大)', selling_price: 3.5, print_num: 2 },
        { sku_no: 'B2', sku_name: '纯奶 100%', selling_price: 6, print_num: 1 },
      ],
      { name: '标准', content: '<label w="60" h="40"><text x="2" y="2" size="9">{sku_name} ¥{selling_price}</text></label>' },
    );
    const res = await fetch(`${base}/print`, { method: 'POST', body: xml, headers: XML });
    expect(await res.json()).toEqual({ ok: true, records: 3 });
    const job = driver.jobs.at(-1)!;
    const pages = pdfText(readFileSync(job.file)).split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('可乐（大） ¥3.5');
    expect(pages[2]).toContain('纯奶 100％');
    expect(job.records.map((r) => r.sku_no)).toEqual(['A1', 'A1', 'B2']);
  });

  it('refuses XML without records', async () => {
    expect((await fetch(`${base}/print`, { method: 'POST', body: '<labels/>', headers: XML })).status).toBe(400);
  });
});
