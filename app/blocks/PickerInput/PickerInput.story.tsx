import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Code, SimpleGrid, Stack } from '@mantine/core';
import { StoryFrame } from '../data-source/StoryFrame';
import type { Picked } from '../Picker/picker.types';
import { PickerInput } from './PickerInput';
import { pickedCodes } from './pickerInput.logic';

const REPORT_FILTER_PICKERS: [string, string][] = [
  ['org', '组织'],
  ['store', '门店'],
  ['supplier', '供应商'],
  ['wholesaler', '批发客户'],
  ['warehouse', '仓库'],
  ['brand', '品牌'],
  ['account', '账号'],
  ['salesman', '业务员'],
  ['pickup_point', '自提点'],
  ['goods', '商品'],
  ['multi_store', '多门店'],
  ['buyer', '采购员'],
  ['carrier', '承运商'],
  ['settlement', '结算单'],
  ['department', '部门'],
  ['group', '客户分组'],
  ['service_item', '服务项目'],
  ['multi_item', '项目'],
  ['location', '库位'],
  ['favorite', '收藏夹商品'],
  ['batch_stock', '批次库存'],
];

function FilterDemo() {
  const [values, setValues] = useState<Record<string, Picked[]>>({});
  return (
    <Stack>
      <SimpleGrid cols={3} spacing="sm">
        {REPORT_FILTER_PICKERS.map(([picker, label]) => (
          <PickerInput
            key={picker}
            picker={picker}
            label={label}
            value={values[picker] ?? []}
            onChange={(v) => setValues((all) => ({ ...all, [picker]: v }))}
          />
        ))}
      </SimpleGrid>
      <Code block>{JSON.stringify(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, pickedCodes(v)])), null, 2)}</Code>
    </Stack>
  );
}

const meta: Meta<typeof FilterDemo> = {
  title: 'Blocks/Pickers/Picker input',
  component: FilterDemo,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
};
export default meta;

/** The filter and document-field pickers: each opens its picker and shows 'code - name'. */
export const ReportFilters: StoryObj<typeof FilterDemo> = {};
