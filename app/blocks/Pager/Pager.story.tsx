import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Text } from '@mantine/core';
import { StoryFrame } from '../data-source/StoryFrame';
import { useBlocks } from '../data-source';
import { Pager } from './Pager';

function PagerDemo({ total }: { total: number }) {
  const { notify } = useBlocks();
  const [state, setState] = useState({ page: 1, pageSize: 20 });
  return (
    <>
      <Pager
        page={state.page}
        pageSize={state.pageSize}
        total={total}
        onRefuse={notify}
        onChange={(page, pageSize) => setState({ page, pageSize })}
      />
      <Text size="xs" c="dimmed" mt="sm">
        page_num={state.page} page_size={state.pageSize}
      </Text>
    </>
  );
}

const meta: Meta<typeof PagerDemo> = {
  title: 'Blocks/Pager',
  component: PagerDemo,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
};
export default meta;

type Story = StoryObj<typeof PagerDemo>;

export const Default: Story = { args: { total: 356 } };
/** Jumping past page 100 is refused with 数据量过大，请添加搜索条件！ */
export const BeyondMaxPage: Story = { args: { total: 12_345 } };
