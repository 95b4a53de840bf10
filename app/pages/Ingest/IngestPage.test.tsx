import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { IngestKeyView, IngestLogEntry } from '../../../engine/ingest';
import { renderWithProviders } from '../../test-utils';
import { IngestPage } from './IngestPage';
import * as stories from './Ingest.story';
import { keyFormErrors, seconds, tablesLine } from './ingest.logic';

afterEach(() => vi.unstubAllGlobals());

const answer = (data: unknown) =>
  new Response(JSON.stringify({ status: '200', message: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

const key: IngestKeyView = { key_id: 1, key_name: '收银系统', key_prefix: 'hmk_10139_AbCdE', tables: ['sales_order'], created_at: '2026-11-28 10:00:00', last_used_at: null, revoked_at: null };
const entry = (log_id: number, status: IngestLogEntry['status'], has_rejects = false): IngestLogEntry => ({
  log_id, source: 'push', key_name: '收银系统', tables: [{ table: 'sales_order', rows: 2 }, { table: 'sales_order_item', rows: 1234 }],
  rows_accepted: status === 'done' ? 1236 : 0, rows_rejected: status === 'refused' ? 3 : 0, status, started_at: '2026-11-28 10:01:00', duration_ms: 2500, has_rejects,
});

function serve(created?: unknown) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url.includes('/revoke')) return answer(null);
    if (url.includes('/api/ingest-keys') && init?.method === 'POST') return answer(created);
    if (url.includes('/api/ingest-keys')) return answer({ keys: [key], tables: ['brand', 'sales_order', 'sku'] });
    return answer([entry(2, 'refused', true), entry(1, 'done')]);
  }));
  return calls;
}

describe('IngestPage', () => {
  it('lists a load in one line per table and checks the create form', () => {
    expect(tablesLine(entry(1, 'done').tables)).toBe('sales_order 2 · sales_order_item 1,234');
    expect(keyFormErrors(' ', [])).toEqual({ name: 'nameRequired', tables: 'tablesRequired' });
    expect(keyFormErrors('x'.repeat(65), ['brand'])).toEqual({ name: 'nameTooLong' });
    expect(keyFormErrors('收银', ['brand'])).toEqual({});
    expect(seconds(2500)).toBe('2.5');
  });

  it('shows the keys without their secret and every load, refused ones with their rejects to download', async () => {
    serve();
    renderWithProviders(<IngestPage />);
    expect(await screen.findByText('hmk_10139_AbCdE…')).toBeTruthy();
    expect(await screen.findByText('已拒收')).toBeTruthy();
    expect(screen.getByText('已写入')).toBeTruthy();
    expect(screen.getAllByText('推送 · 收银系统')).toHaveLength(2);
    expect(screen.getAllByText('下载拒收明细')).toHaveLength(1);
  });

  it('creates a key only with a name and tables, then shows its secret once', async () => {
    const calls = serve({ ...key, key_id: 2, key_name: '门店收银', secret: 'hmk_10139_secret-shown-once' });
    renderWithProviders(<IngestPage />);
    await screen.findByText('hmk_10139_AbCdE…');
    fireEvent.click(screen.getByRole('button', { name: '新建密钥' }));
    const save = () => fireEvent.click(screen.getByText('创建').closest('button')!);
    await screen.findByText('创建');
    save();
    expect(await screen.findByText('请填写名称')).toBeTruthy();
    expect(screen.getByText('请选择至少一张表')).toBeTruthy();
    expect(calls.filter((c) => c.init?.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/名称/), { target: { value: '门店收银' } });
    fireEvent.click(screen.getAllByLabelText(/可推送的表/)[0]);
    fireEvent.click(await screen.findByText('sales_order', { selector: '[role="option"] *, [role="option"]' }));
    save();
    expect((await screen.findByTestId('ingest-secret')).textContent).toBe('hmk_10139_secret-shown-once');
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toEqual({ key_name: '门店收银', tables: ['sales_order'] });
    expect(new Headers(post.init!.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('revokes a key only after the confirmation, then lists the keys again', async () => {
    const calls = serve();
    renderWithProviders(<IngestPage />);
    fireEvent.click(await screen.findByRole('button', { name: '停用' }));
    expect(await screen.findByText('停用后使用该密钥的推送将立即被拒绝，确定停用“收银系统”吗？')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/revoke'))).toBe(false);
    const lists = () => calls.filter((c) => /\/api\/ingest-keys(\?|$)/.test(c.url) && c.init?.method !== 'POST').length;
    const listedBefore = lists();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/api/ingest-keys/1/revoke') && c.init?.method === 'POST')).toHaveLength(1));
    await waitFor(() => expect(lists()).toBeGreaterThan(listedBefore));
  });

  it('every story renders', () => {
    for (const [name, story] of Object.entries(stories)) {
      if (name === 'default') continue;
      const { container } = renderWithProviders((story as { render: () => ReactElement }).render());
      expect(container.ownerDocument.body.textContent, name).toMatch(/接入密钥|新建密钥/);
      cleanup();
    }
  });
});
