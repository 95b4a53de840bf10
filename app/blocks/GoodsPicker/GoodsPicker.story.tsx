import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Code, Stack } from '@mantine/core';
import { StoryFrame } from '../data-source/StoryFrame';
import type { GoodsRow } from '../data-source/types';
import { GoodsPicker } from './GoodsPicker';
import { MultiSkuPicker } from './MultiSkuPicker';

function GoodsDemo({ multiSku }: { multiSku?: boolean }) {
  const [opened, setOpened] = useState(true);
  const [rows, setRows] = useState<GoodsRow[]>([]);
  const [result, setResult] = useState<Record<string, string[]>>({});
  return (
    <Stack align="flex-start">
      <Button size="xs" onClick={() => setOpened(true)}>
        选择商品
      </Button>
      <Code block>{multiSku ? JSON.stringify(result) : rows.map((r) => `${r.sku_no} - ${r.sku_name}`).join('\n') || '（未选择）'}</Code>
      {multiSku ? (
        <MultiSkuPicker
          fieldName="sku_nos"
          opened={opened}
          initialChosen={rows}
          onClose={() => setOpened(false)}
          onConfirm={(r, chosen) => {
            setResult(r);
            setRows(chosen);
          }}
        />
      ) : (
        <GoodsPicker opened={opened} initialChosen={rows} onClose={() => setOpened(false)} onConfirm={setRows} />
      )}
    </Stack>
  );
}

const meta: Meta<typeof GoodsDemo> = {
  title: 'Blocks/Pickers/Goods multi-picker',
  component: GoodsDemo,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
};
export default meta;

type Story = StoryObj<typeof GoodsDemo>;

/** 选择商品 with tabs 选择列表 / 已选列表(count), 50 per page. */
export const GoodsMultiPicker: Story = { args: {} };
/** The multi-SKU picker answers { fieldName: [sku_no…] }. */
export const MultiSku: Story = { args: { multiSku: true } };
