import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Text } from '@mantine/core';
import { I18nTextInput, type I18nValue } from './I18nTextInput';

function Demo({ label, initial, errors }: { label: string; initial: I18nValue; errors?: { zh?: string; en?: string } }) {
  const [value, setValue] = useState<I18nValue>(initial);
  return (
    <Box p="md" w={420}>
      <I18nTextInput label={label} value={value} onChange={setValue} errors={errors} />
      <Text size="xs" c="dimmed" mt="xs">
        value = {JSON.stringify(value)}
      </Text>
    </Box>
  );
}

const meta: Meta<typeof Demo> = { title: 'Blocks/I18nTextInput', component: Demo };
export default meta;
type Story = StoryObj<typeof Demo>;

/** A report title in both catalogues. */
export const Filled: Story = { args: { label: '报表名称', initial: { zh: '门店品牌销售', en: 'Store brand sales' } } };
/** The schema's error shown at the Chinese half. */
export const MissingChinese: Story = {
  args: { label: '报表名称', initial: { zh: '', en: 'Store brand sales' }, errors: { zh: 'must NOT have fewer than 1 characters' } },
};
