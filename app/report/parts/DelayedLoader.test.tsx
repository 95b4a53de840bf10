import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { DelayedLoader, SPINNER_DELAY_MS } from './DelayedLoader';

afterEach(() => {
  vi.useRealTimers();
});

describe('DelayedLoader (a loading overlay, never a blank screen)', () => {
  it('shows no spinner for a fast answer, then one once the answer is late', () => {
    vi.useFakeTimers();
    const { container } = renderWithProviders(<DelayedLoader />);
    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS - 1));
    expect(container.querySelector('.mantine-Loader-root')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(container.querySelector('.mantine-Loader-root')).toBeTruthy();
  });
});
