import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Code, Stack } from '@mantine/core';
import { StoryFrame } from '../data-source/StoryFrame';
import type { FavoriteSkuRow } from '../data-source/types';
import { FavoritesPicker } from './FavoritesPicker';

function FavoritesDemo({ withOrderGroup }: { withOrderGroup?: boolean }) {
  const [opened, setOpened] = useState(true);
  const [rows, setRows] = useState<FavoriteSkuRow[]>([]);
  return (
    <Stack align="flex-start">
      <Button size="xs" onClick={() => setOpened(true)}>
        从收藏夹添加
      </Button>
      <Code block>{rows.map((r) => `${r.sku_no} - ${r.sku_name}`).join('\n') || '（未选择）'}</Code>
      <FavoritesPicker opened={opened} withOrderGroup={withOrderGroup} onClose={() => setOpened(false)} onConfirm={setRows} />
    </Stack>
  );
}

const meta: Meta<typeof FavoritesDemo> = {
  title: 'Blocks/Pickers/Favourites',
  component: FavoritesDemo,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
};
export default meta;

type Story = StoryObj<typeof FavoritesDemo>;

export const Favourites: Story = { args: {} };
export const WithOrderGroup: Story = { args: { withOrderGroup: true } };
