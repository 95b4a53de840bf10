import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import type { OptionItem } from '../../../engine/wire';
import { OptionSelect } from './OptionSelect';
import { chosenOf, toSelectData } from './optionSelect.logic';

const STORE_TYPES: OptionItem[] = [
  { value: '1', label: '直营店' },
  { value: '2', label: '强加盟店' },
  { value: '3', label: '弱加盟店' },
];

describe('optionSelect.logic', () => {
  it('drops duplicate codes and flattens trees to labelled leaves', () => {
    const tree: OptionItem[] = [{ value: 'A', label: '食品', children: [{ value: 'A1', label: '饮料' }] }, { value: 'B', label: '日化' }, { value: 'B', label: '日化' }];
    expect(toSelectData(tree)).toEqual([
      { value: 'A1', label: '食品 / 饮料' },
      { value: 'B', label: '日化' },
    ]);
  });

  it('rule 199: with no list loaded the chosen code still shows (the filter stays unchanged)', () => {
    expect(toSelectData(null, ['1', '2'])).toEqual([
      { value: '1', label: '1' },
      { value: '2', label: '2' },
    ]);
    expect(toSelectData(undefined)).toEqual([]);
  });

  it('chosenOf reads single and multi values', () => {
    expect(chosenOf('1')).toEqual(['1']);
    expect(chosenOf(null)).toEqual([]);
    expect(chosenOf(['1', ''])).toEqual(['1']);
  });
});

function Multi({ options }: { options: OptionItem[] | null }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <OptionSelect multiple label="门店类型" options={options} value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

function Single({ required }: { required: boolean }) {
  const [value, setValue] = useState<string | null>('1');
  return (
    <>
      <OptionSelect label="门店类型" required={required} options={STORE_TYPES} value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

describe('<OptionSelect>', () => {
  it('choosing the chosen option of a required select keeps it; an optional one clears', async () => {
    const { unmount } = renderWithProviders(<Single required />);
    await userEvent.click(screen.getByRole('textbox', { name: '门店类型' }));
    await userEvent.click(await screen.findByText('直营店'));
    expect(screen.getByTestId('value').textContent).toBe('"1"');
    unmount();
    renderWithProviders(<Single required={false} />);
    await userEvent.click(screen.getByRole('textbox', { name: '门店类型' }));
    await userEvent.click(await screen.findByText('直营店'));
    expect(screen.getByTestId('value').textContent).toBe('null');
  });

  it('rule 148: a multi-select holds a list of codes', async () => {
    renderWithProviders(<Multi options={STORE_TYPES} />);
    await userEvent.click(screen.getByRole('textbox', { name: '门店类型' }));
    await userEvent.click(await screen.findByText('直营店'));
    await userEvent.click(screen.getByText('弱加盟店'));
    expect(screen.getByTestId('value').textContent).toBe('["1","3"]');
  });

  it('rules 188, 199: a failed load shows an empty list', async () => {
    renderWithProviders(<Multi options={null} />);
    await userEvent.click(screen.getByRole('textbox', { name: '门店类型' }));
    expect(await screen.findByText('无可选项')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
