import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Text } from '@mantine/core';
import { TextFilterInput } from './TextFilterInput';
import { sentText } from './textFilter.logic';

function Demo({ maxlength }: { maxlength?: number }) {
  const [value, setValue] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  return (
    <Box p="md" w={320}>
      <TextFilterInput label="商品编码/条码" placeholder="请输入" value={value} onChange={setValue} maxlength={maxlength} onEnter={() => setSearched(sentText(value, maxlength))} />
      <Text size="xs" c="dimmed" mt="xs">
        Enter → {searched === null ? '—' : `"${searched}"`}
      </Text>
    </Box>
  );
}

const meta: Meta<typeof Demo> = { title: 'Blocks/TextFilterInput', component: Demo };
export default meta;
type Story = StoryObj<typeof Demo>;

/** maxlength 35 by default; the value is trimmed when sent; Enter searches. */
export const Default: Story = {};
export const ShortMaxlength: Story = { args: { maxlength: 8 } };
