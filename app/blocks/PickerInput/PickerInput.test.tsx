import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderBlock } from '../data-source/test-utils';
import type { Picked } from '../Picker/picker.types';
import { PickerCodesInput } from './PickerCodesInput';
import { PickerInput } from './PickerInput';

function Field({ picker, initial = [] }: { picker: string; initial?: Picked[] }) {
  const [value, setValue] = useState<Picked[]>(initial);
  return <PickerInput picker={picker} label="字段" value={value} onChange={setValue} />;
}

describe('<PickerInput>', { timeout: 30_000 }, () => {
  it("opens the store picker and shows the choice as 'code - name'", async () => {
    renderBlock(<Field picker="store" />);
    await userEvent.click(screen.getByRole('button', { name: '字段' }));
    await userEvent.click(await screen.findByTestId('row-S002'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('S002 - 北京海淀门店')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(screen.queryByText('S002 - 北京海淀门店')).toBeNull();
  });

  it('reopening shows the current value as chosen', async () => {
    renderBlock(<Field picker="supplier" initial={[{ code: 'V003', name: '内蒙古伊利实业集团' }]} />);
    await userEvent.click(screen.getByRole('button', { name: '字段' }));
    await screen.findByTestId('row-V003');
    expect((screen.getByLabelText('V003') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('已选 1 项')).toBeTruthy();
  });

  it('the goods filter opens the commodity picker', async () => {
    renderBlock(<PickerInput picker="goods" label="商品" value={[]} onChange={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: '商品' }));
    expect(await screen.findByRole('tab', { name: '选择列表' })).toBeTruthy();
  });

  it('the codes variant answers codes and still shows the picked names', async () => {
    const seen: string[][] = [];
    function Codes() {
      const [codes, setCodes] = useState<string[]>([]);
      return (
        <PickerCodesInput
          picker="wholesaler"
          label="批发客户"
          value={codes}
          onChange={(c) => {
            seen.push(c);
            setCodes(c);
          }}
        />
      );
    }
    renderBlock(<Codes />);
    await userEvent.click(screen.getByRole('button', { name: '批发客户' }));
    await userEvent.click(await screen.findByTestId('row-P002'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(seen).toEqual([['P002']]);
    expect(await screen.findByText('P002 - 天津大润发团购中心')).toBeTruthy();
  });

  it('the multi-store name opens the multi-store dialog and returns its stores as codes', async () => {
    const seen: string[][] = [];
    renderBlock(<PickerCodesInput picker="multi_store" label="门店" value={[]} onChange={(c) => seen.push(c)} />);
    await userEvent.click(screen.getByRole('button', { name: '门店' }));
    await userEvent.click(screen.getByPlaceholderText('输入门店编码或名称搜索'));
    await userEvent.click(await screen.findByRole('option', { name: 'S003 - 北京丰台门店', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(seen).toEqual([['S003']]);
  });

  it('rule 381: an unknown picker type raises 参数异常', () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => renderBlock(<Field picker="unknown" />)).toThrow('参数异常');
    } finally {
      console.error = quiet;
    }
  });
});
