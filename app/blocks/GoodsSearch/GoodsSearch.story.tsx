import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Code, Group, Stack } from '@mantine/core';
import { StoryFrame } from '../data-source/StoryFrame';
import type { SkuSearchRow } from '../data-source/types';
import { ScanSearch } from './ScanSearch';
import { SkuAutocomplete } from './SkuAutocomplete';

function GoodsSearchDemo() {
  const [picked, setPicked] = useState<SkuSearchRow[]>([]);
  const add = (rows: SkuSearchRow[]) => setPicked((p) => [...p, ...rows]);
  return (
    <Stack>
      <Group align="flex-end">
        <SkuAutocomplete label="商品" onSelect={(row) => add([row])} />
        <ScanSearch label="扫码" onResult={add} />
      </Group>
      <Code block>{picked.map((r) => `${r.sku_no} - ${r.sku_name}（${r.barcode}）`).join('\n') || '输入“牛奶”、“1000”或扫描条码 6920250023757'}</Code>
    </Stack>
  );
}

const meta: Meta<typeof GoodsSearchDemo> = {
  title: 'Blocks/Goods search',
  component: GoodsSearchDemo,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
};
export default meta;

/** Auto-complete from 2 characters (4 for digits), 300 ms debounce, 10 results; scan search on Enter. */
export const SkuSearchAndScan: StoryObj<typeof GoodsSearchDemo> = {};
