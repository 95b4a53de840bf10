import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { createMemoryPrintStyleSource } from './memory-source';
import { PrintDialog } from './PrintDialog';

describe('<PrintDialog> (rules 250–254)', { timeout: 20_000 }, () => {
  it('is titled 打印, ticks the default, prints with it and calls back 1 s after the PDF', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    URL.createObjectURL = () => 'blob:pdf';
    const source = createMemoryPrintStyleSource({ client: 'HMT', provider_no: '0' }, [{ report_name: '甲' }, { report_name: '乙', is_default: 1 }]);
    const onClose = vi.fn();
    const onPrinted = vi.fn();
    renderWithProviders(
      <PrintDialog opened onClose={onClose} source={source} sourceType={102} actor={{ client: 'HMT', provider_no: '0' }} documents={[{ type: 'purchase-receipt', no: 'SH001' }]} onPrinted={onPrinted} />,
    );
    expect(await screen.findByText('打印', { selector: 'h2' })).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('radio', { name: '乙' }) as HTMLInputElement).checked).toBe(true));
    await userEvent.click(screen.getAllByRole('button', { name: '打印' })[0]);
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(source.printed).toEqual([{ id: 2, count: 1 }]));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:pdf', '_blank'));
    expect(onPrinted).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onPrinted).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
