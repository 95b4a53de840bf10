/** Every create the screens make over HTTP carries its form's Idempotency-Key (docs/architecture.md). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpComplaintSource } from '../blocks/ComplaintDialog/http-source';
import { createHttpDocumentSource } from '../blocks/data-source/document-http';
import { createHttpPrintStyleSource } from '../blocks/PrintStyle/http-source';
import { createHttpPriceLabelSource } from '../blocks/PriceLabel/http-source';
import { studioApi } from '../pages/Studio/studio-api';

const fetchMock = vi.fn<typeof fetch>();
const answer = (data: unknown) => new Response(JSON.stringify({ status: '200', message: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => answer({ id: 1, version: 1, job_id: 'j1' }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The Idempotency-Key header of the only request sent. */
function sentKey(): string | null {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [, init] = fetchMock.mock.calls[0];
  return new Headers(init?.headers).get('Idempotency-Key');
}

describe('create requests send the Idempotency-Key they are given', () => {
  it('a complaint', async () => {
    await createHttpComplaintSource().submit({ name: '张三', phone: '13800000000', remark: 'x', img_url: [] }, 'k-complaint');
    expect(sentKey()).toBe('k-complaint');
  });

  it('a print style', async () => {
    const file = new File(['{}'], 'style.json', { type: 'application/json' });
    await createHttpPrintStyleSource().save({ report_name: '样式', description: '', source_type: 102, is_default: false, custom: 0, file }, 'k-style');
    expect(sentKey()).toBe('k-style');
  });

  it('an import', async () => {
    await createHttpDocumentSource().startImport('stock_adjustment_item', new File(['x'], 'a.xlsx'), { no: 'TZ1' }, 'k-import');
    expect(sentKey()).toBe('k-import');
  });

  it('a price-label template, keyed by the token of the list it was saved from', async () => {
    await createHttpPriceLabelSource().save({ token: 'k-label', print_type: 2, print_template_name: '价签', print_template_content: '<label/>' });
    expect(sentKey()).toBe('k-label');
  });

  it('a studio report', async () => {
    await studioApi.create({ id: 100001 }, 'k-studio');
    expect(sentKey()).toBe('k-studio');
  });
});
