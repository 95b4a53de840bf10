import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DashboardGoods } from '../../../engine/shell';
import { clearAuth, saveLogin } from '../../api/session-store';
import { HQ_SESSION, renderWithProviders } from '../../test-utils';
import { TopGoods } from './TopGoods';

const session = HQ_SESSION;

/** the dashboard's answer as the probe found it: sales lines without goods beside real goods */
const GOODS: DashboardGoods[] = [
  { sku_no: null, sku_name: null, sales: 1204, qty: 12 },
  { sku_no: 'G0001', sku_name: '有机牛奶', sales: 880.5, qty: 30 },
];

describe('TopGoods (昨日热销商品)', () => {
  beforeEach(() => {
    saveLogin({ token_type: 'Bearer', token: 't', expires_at: '', session });
    // the session query refetches its stored answer
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ status: '200', message: 'ok', data: session })));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearAuth();
  });

  const rows = () => within(screen.getByTestId('dashboard-top-goods')).getAllByRole('row').slice(1);

  it('shows sales lines without goods as 未分类, without a link; goods link to their page', () => {
    renderWithProviders(<TopGoods goods={GOODS} />);
    const [uncategorised, milk] = rows();
    expect(uncategorised.textContent).toContain('未分类');
    expect(uncategorised.textContent).toContain('1,204.00');
    expect(within(uncategorised).queryByRole('link')).toBeNull();
    expect(within(milk).getByRole('link').textContent).toBe('G0001 - 有机牛奶');
    expect(within(milk).getByRole('link').getAttribute('href')).toContain('G0001');
    expect(screen.getByTestId('dashboard-top-goods').textContent).not.toContain('null');
  });

  it('says Uncategorised under en-US', () => {
    renderWithProviders(<TopGoods goods={GOODS} />, { locale: 'en-US' });
    expect(rows()[0].textContent).toContain('Uncategorised');
    expect(within(rows()[0]).queryByRole('link')).toBeNull();
  });
});
