import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { DetailPanel } from './DetailPanel';
import { detailText, needsTooltip } from './detailPanel.logic';

const LONG = '上海市浦东新区张江高科技园区碧波路690号张江微电子港一期三号楼五层A区';

describe('detail panel (rule 328)', () => {
  it('a tooltip from 30 characters', () => {
    expect(needsTooltip('一'.repeat(29))).toBe(false);
    expect(needsTooltip('一'.repeat(30))).toBe(true);
    expect(detailText(null)).toBe('-');
    expect(detailText(0)).toBe('0');
  });

  it('shows the long value in a tooltip on hover', async () => {
    renderWithProviders(<DetailPanel items={[{ label: '收货地址', value: LONG }, { label: '单号', value: 'CG2025001' }]} />);
    expect(screen.getByText('CG2025001')).toBeTruthy();
    await userEvent.hover(screen.getByTestId('detail-单号'));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.hover(screen.getByTestId('detail-收货地址'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(LONG);
  });
});
