import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Code, Stack } from '@mantine/core';
import { DEMO_DOCUMENT, lotLines } from '../data-source/document-fixtures';
import { StoryFrame } from '../data-source/StoryFrame';
import type { LotSaveBody } from '../data-source/document-types';
import { LotAllocation } from './LotAllocation';

function LotDemo({ line, editState }: { line: number; editState: boolean }) {
  const [opened, setOpened] = useState(true);
  const [saved, setSaved] = useState<LotSaveBody | null>(null);
  const l = lotLines[line];
  return (
    <Stack align="flex-start">
      <Button size="xs" onClick={() => setOpened(true)}>
        {editState ? '分配批次' : '分配记录'}
      </Button>
      <Code block>{JSON.stringify(saved, null, 1)}</Code>
      <LotAllocation
        opened={opened}
        onClose={() => setOpened(false)}
        documentType={DEMO_DOCUMENT.type}
        documentNo={DEMO_DOCUMENT.no}
        skuNo={l.sku_no}
        businessItemId={l.business_item_id}
        editState={editState}
        onSaved={setSaved}
      />
    </Stack>
  );
}

const meta: Meta<typeof LotDemo> = {
  title: 'Blocks/LotAllocation',
  component: LotDemo,
  args: { line: 0, editState: true },
  decorators: [(Story) => <StoryFrame>{<Story />}</StoryFrame>],
};
export default meta;
type Story = StoryObj<typeof LotDemo>;

/** 按商品分配批次库存: pick lots in 选择批次库存 or type one in the blank manual row. */
export const Edit: Story = {};
/** An issue line (领用 13): the allocated total must equal the issued 12. */
export const Issue: Story = { args: { line: 1 } };
/** Goods without any lot: 商品'…'要先入库生成批次，才能操作出库！ */
export const NoLots: Story = { args: { line: 2 } };
/** 商品分配记录: read only. */
export const View: Story = { args: { editState: false } };
