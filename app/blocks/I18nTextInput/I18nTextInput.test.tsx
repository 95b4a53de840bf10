import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { I18nTextInput, type I18nValue } from './I18nTextInput';

function Harness({ errors }: { errors?: { zh?: string } }) {
  const [value, setValue] = useState<I18nValue>({ zh: '门店', en: 'Store' });
  return (
    <>
      <I18nTextInput label="报表名称" value={value} onChange={setValue} errors={errors} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

describe('<I18nTextInput>', () => {
  it('edits each language on its own', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(screen.getByLabelText('报表名称中文'), '品牌');
    await userEvent.clear(screen.getByLabelText('报表名称English'));
    await userEvent.type(screen.getByLabelText('报表名称English'), 'Brand');
    expect(screen.getByTestId('value').textContent).toBe('{"zh":"门店品牌","en":"Brand"}');
  });

  it('shows an error at its half', () => {
    renderWithProviders(<Harness errors={{ zh: '不能为空' }} />);
    expect(screen.getByText('不能为空')).toBeTruthy();
  });
});
