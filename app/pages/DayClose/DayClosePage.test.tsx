import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { DayCloseView } from '../../../engine/day-close';
import { renderWithProviders } from '../../test-utils';
import { DayClosePage } from './DayClosePage';
import { closeSummary, formatDuration } from './dayClose.logic';

afterEach(() => vi.unstubAllGlobals());

const answer = (data: unknown) =>
  new Response(JSON.stringify({ status: '200', message: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

const row = (biz_date: string, status: 'done' | 'failed', message: string | null = null) => ({
  tenant_id: 10139, biz_date, instance_id: 'a', started_at: `${biz_date} 16:00:05`, finished_at: `${biz_date} 16:00:07`, duration_ms: 2345,
  rows_archived: 12345, rows_daily: 678, status, message, attempts: status === 'failed' ? 2 : 1,
});

const t = (key: string, p?: Record<string, string | number>) => `${key}${p ? JSON.stringify(p) : ''}`;

describe('DayClosePage', () => {
  it('says how far the close has come: up to date, behind, failed, never', () => {
    const last = { biz_date: '2026-11-27', status: 'done' as const, duration_ms: 1, rows_archived: 1, rows_daily: 1, message: null };
    expect(closeSummary({ tenant_id: 1, closed_through: '2026-11-27', behind_days: 0, last }, t).color).toBe('green');
    expect(closeSummary({ tenant_id: 1, closed_through: '2026-11-20', behind_days: 7, last }, t)).toEqual({
      text: 'dayClose.closedThrough 2026-11-20 · dayClose.behind{"days":7}',
      color: 'orange',
    });
    expect(closeSummary({ tenant_id: 1, closed_through: '2026-11-20', behind_days: 7, last: { ...last, status: 'failed', message: 'disk full' } }, t).color).toBe('red');
    expect(closeSummary(null, t)).toEqual({ text: 'dayClose.never', color: 'gray' });
    expect(formatDuration(2345, t)).toBe('dayClose.seconds{"s":"2.3"}');
    expect(formatDuration(null, t)).toBe('-');
  });

  it('lists the closes newest first with their figures, a failure with its message', async () => {
    const view: DayCloseView = {
      state: { tenant_id: 10139, closed_through: '2026-11-26', behind_days: 1, last: { biz_date: '2026-11-27', status: 'failed', duration_ms: 10, rows_archived: 0, rows_daily: 0, message: '磁盘已满' } },
      list: [row('2026-11-27', 'failed', '磁盘已满'), row('2026-11-26', 'done')],
    };
    vi.stubGlobal('fetch', vi.fn(async () => answer(view)));
    renderWithProviders(<DayClosePage />);
    expect(await screen.findByText('2026-11-26')).toBeTruthy();
    expect(screen.getByTestId('day-close-summary').textContent).toBe('已日结至 2026-11-26 · 最近一次日结失败：磁盘已满');
    expect(screen.getAllByText('12,345')).toHaveLength(2);
    expect(screen.getByText('失败')).toBeTruthy();
    expect(screen.getAllByText('2.3 秒')).toHaveLength(2);
  });

  it('shows 暂无数据 once an empty list came back', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ state: null, list: [] })));
    renderWithProviders(<DayClosePage />);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});
