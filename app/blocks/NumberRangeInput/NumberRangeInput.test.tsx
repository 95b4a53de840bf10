import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { NumberRangeInput } from './NumberRangeInput';
import { boundsOf, commitSide, displayTexts, sanitizeNumberText, type NumberRange } from './numberRange.logic';

const BOUNDS = boundsOf();

describe('numberRange.logic', () => {
  it('rule 345: values are clamped to 0..999999999', () => {
    expect(commitSide([null, null], 0, '-5', BOUNDS)).toEqual([0, null]);
    expect(commitSide([null, null], 1, '12345678901', BOUNDS)).toEqual([null, 999999999]);
  });

  it('rule 346: 2 decimals by default', () => {
    expect(commitSide([null, null], 0, '3.14159', BOUNDS)).toEqual([3.14, null]);
    expect(displayTexts([3, null])).toEqual(['3.00', '']);
  });

  it('rule 343: a start above the end is set to the end', () => {
    expect(commitSide([null, 10], 0, '50', BOUNDS)).toEqual([10, 10]);
  });

  it('rule 344: an end below the start is set to the start', () => {
    expect(commitSide([20, null], 1, '5', BOUNDS)).toEqual([20, 20]);
  });

  it('typing keeps digits and one point; a minus only when negatives are allowed', () => {
    expect(sanitizeNumberText('1a2.3.4', false)).toBe('12.34');
    expect(sanitizeNumberText('-12', false)).toBe('12');
    expect(sanitizeNumberText('-12', true)).toBe('-12');
  });
});

function Harness({ onEnter, initial = [null, null] }: { onEnter?: () => void; initial?: NumberRange }) {
  const [value, setValue] = useState<NumberRange>(initial);
  return (
    <>
      <NumberRangeInput label="销售金额" value={value} onChange={setValue} onEnter={onEnter} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

describe('<NumberRangeInput>', () => {
  it('rules 343, 346: committing a side formats it and keeps the order', async () => {
    renderWithProviders(<Harness initial={[null, 10]} />);
    const low = screen.getByLabelText('销售金额最小值');
    await userEvent.type(low, '25');
    await userEvent.tab();
    expect(screen.getByTestId('value').textContent).toBe('[10,10]');
    expect(low).toHaveProperty('value', '10.00');
  });

  it('rule 322: Enter commits the side and searches', async () => {
    const onEnter = vi.fn();
    renderWithProviders(<Harness onEnter={onEnter} />);
    await userEvent.type(screen.getByLabelText('销售金额最大值'), '99.5{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('[null,99.5]');
    expect(onEnter).toHaveBeenCalledTimes(1);
  });
});
