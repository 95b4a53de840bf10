import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Code, Stack } from '@mantine/core';
import { DEMO_SESSIONS } from '../data-source/BlocksProvider';
import { StoryFrame } from '../data-source/StoryFrame';
import type { BlockSession, CommodityRow } from '../data-source/types';
import { CommodityPicker } from './CommodityPicker';

interface DemoProps {
  type: number;
  stockValidation?: boolean;
  session?: BlockSession;
}

function CommodityDemo({ type, stockValidation }: DemoProps) {
  const [opened, setOpened] = useState(true);
  const [rows, setRows] = useState<CommodityRow[]>([]);
  return (
    <Stack align="flex-start">
      <Button size="xs" onClick={() => setOpened(true)}>
        打开商品选择
      </Button>
      <Code block>{rows.map((r) => `${r.sku_no} - ${r.sku_name}${r.lot_no ? `（${r.lot_no}）` : ''}`).join('\n') || '（未选择）'}</Code>
      <CommodityPicker type={type} stockValidation={stockValidation} opened={opened} initialChosen={rows} onClose={() => setOpened(false)} onConfirm={setRows} />
    </Stack>
  );
}

const meta: Meta<typeof CommodityDemo> = {
  title: 'Blocks/Pickers/Commodity picker',
  component: CommodityDemo,
  decorators: [
    (Story, ctx) => (
      <StoryFrame session={(ctx.args as DemoProps).session}>
        <Story />
      </StoryFrame>
    ),
  ],
};
export default meta;

type Story = StoryObj<typeof CommodityDemo>;

/** Type 1: purchase goods with supplier and purchase price. */
export const Purchase: Story = { args: { type: 1 } };
/** Type 2: store ordering; double-click orders a row, refused when out of stock or not an order day. */
export const StoreOrdering: Story = { args: { type: 2 } };
/** Stock validation on: stock-limited rows without usable stock cannot be checked. */
export const StoreOrderingWithStockValidation: Story = { args: { type: 2, stockValidation: true } };
export const StoreStock: Story = { args: { type: 3 } };
/** Type 8: batch stock query, one row per lot. */
export const BatchStock: Story = { args: { type: 8 } };
/** Supplier client: supplier filter hidden and fixed; its buying price shown, not the retailer's selling price or margin. */
export const SupplierClient: Story = { args: { type: 1, session: DEMO_SESSIONS.HMS } };
