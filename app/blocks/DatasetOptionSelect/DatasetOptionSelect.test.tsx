import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { DatasetOptionSelect } from './DatasetOptionSelect';
import { optionData } from './datasetOption.logic';
import { SALES_DIMENSIONS, SALES_MEASURES } from './fixtures';

const GROUPS = { base: '基础指标', derived: '派生指标' };

describe('datasetOption.logic', () => {
  it('dimensions are a flat list labelled "name (id)"', () => {
    expect(optionData(SALES_DIMENSIONS, 'zh', GROUPS)[0]).toEqual({ value: 'org', label: '组织 (org)' });
  });

  it('derived measures get their own group', () => {
    const data = optionData(SALES_MEASURES, 'en', GROUPS);
    expect(data).toEqual([
      { group: '基础指标', items: [{ value: 'sales', label: 'Sales (sales)' }, { value: 'cost', label: 'Cost (cost)' }] },
      { group: '派生指标', items: [{ value: 'gm', label: 'Gross margin (gm)' }, { value: 'gm_rate', label: 'Margin rate (gm_rate)' }] },
    ]);
  });

  it('a value the dataset does not offer stays listed, marked', () => {
    expect(optionData(SALES_DIMENSIONS, 'zh', GROUPS, 'gone')[0]).toEqual({ value: 'gone', label: 'gone ?' });
  });
});

function Harness() {
  const [value, setValue] = useState<string | undefined>('org');
  return (
    <>
      <DatasetOptionSelect label="维度" choices={SALES_DIMENSIONS} value={value} onChange={setValue} />
      <output data-testid="value">{String(value)}</output>
    </>
  );
}

describe('<DatasetOptionSelect>', () => {
  it('picks another dimension of the dataset', async () => {
    renderWithProviders(<Harness />);
    const input = screen.getByRole('textbox', { name: '维度' });
    await userEvent.clear(input);
    await userEvent.type(input, 'brand');
    await userEvent.click(await screen.findByText('品牌 (brand)'));
    expect(screen.getByTestId('value').textContent).toBe('brand');
  });

  it('clicking the chosen option keeps it (the studio\'s choices are required)', async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('textbox', { name: '维度' }));
    await userEvent.click(await screen.findByRole('option', { name: '组织 (org)', hidden: true }));
    expect(screen.getByTestId('value').textContent).toBe('org');
  });
});
