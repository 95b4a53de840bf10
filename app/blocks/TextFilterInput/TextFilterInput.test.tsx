import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { TextFilterInput } from './TextFilterInput';
import { isSearchKey, sentText, typedText } from './textFilter.logic';

function Harness({ onEnter, maxlength }: { onEnter?: () => void; maxlength?: number }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TextFilterInput label="商品编码" value={value} onChange={setValue} onEnter={onEnter} maxlength={maxlength} />
      <output data-testid="sent">{sentText(value, maxlength)}</output>
    </>
  );
}

describe('textFilter.logic', () => {
  it('rule 326: the default maxlength is 35', () => {
    expect(typedText('x'.repeat(50))).toHaveLength(35);
    expect(typedText('商品'.repeat(30), 5)).toBe('商品商品商');
  });

  it('rule 325: sent text is trimmed', () => {
    expect(sentText('  milk  ')).toBe('milk');
    expect(sentText(null)).toBe('');
  });

  it('rule 322: Enter searches, but not while an input method composes', () => {
    expect(isSearchKey({ key: 'Enter' })).toBe(true);
    expect(isSearchKey({ key: 'Enter', nativeEvent: { isComposing: true } })).toBe(false);
    expect(isSearchKey({ key: 'a' })).toBe(false);
  });
});

describe('<TextFilterInput>', () => {
  it('rules 325, 326: typing is cut at the maxlength and the sent value is trimmed', async () => {
    renderWithProviders(<Harness maxlength={6} />);
    await userEvent.type(screen.getByLabelText('商品编码'), '  abcdefgh');
    expect(screen.getByLabelText('商品编码')).toHaveProperty('value', '  abcd');
    expect(screen.getByTestId('sent').textContent).toBe('abcd');
  });

  it('rule 322: Enter in the box searches', async () => {
    const onEnter = vi.fn();
    renderWithProviders(<Harness onEnter={onEnter} />);
    await userEvent.type(screen.getByLabelText('商品编码'), 'milk{Enter}');
    expect(onEnter).toHaveBeenCalledTimes(1);
  });
});
