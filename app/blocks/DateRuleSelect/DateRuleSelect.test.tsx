import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { DateRuleSelect } from './DateRuleSelect';
import { dateRuleOptions, isDateRule } from './dateRule.logic';

describe('dateRule.logic', () => {
  it('offers every kind of the definition language, labelled with its meaning and code', () => {
    expect(dateRuleOptions('default_kind', 'zh').map((o) => o.value)).toEqual([
      'yesterday', 'last7', 'month_to_yesterday', 'prev_months', 'last_week', 'today_datetime', 'today', 'since_1970', 'history', 'none',
    ]);
    expect(dateRuleOptions('restriction', 'zh')[0]).toEqual({ value: 'to_yesterday', label: '不晚于昨天 · to_yesterday' });
    expect(dateRuleOptions('granularity', 'en').map((o) => o.label)).toContain('Month · month');
  });

  it('knows which values belong to which rule', () => {
    expect(isDateRule('restriction', 'three_months')).toBe(true);
    expect(isDateRule('restriction', 'yesterday')).toBe(false);
  });
});

function Harness() {
  const [value, setValue] = useState<string | undefined>('yesterday');
  return (
    <>
      <DateRuleSelect kind="default_kind" label="默认日期" value={value} onChange={setValue} />
      <output data-testid="value">{String(value)}</output>
    </>
  );
}

describe('<DateRuleSelect>', () => {
  it('picks a default range kind by its meaning', async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('textbox', { name: '默认日期' }));
    await userEvent.click(await screen.findByText('近7天（至昨天） · last7'));
    expect(screen.getByTestId('value').textContent).toBe('last7');
  });
});
