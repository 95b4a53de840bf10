import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button } from '@mantine/core';
import type { StyleActor } from '../../../engine/print/styles';
import { createMemoryPrintStyleSource } from './memory-source';
import { PrintDialog } from './PrintDialog';

function PrintDemo({ actor }: { actor: StyleActor }) {
  const source = useMemo(
    () =>
      createMemoryPrintStyleSource(actor, [
        { report_name: '收货单（竖版）', is_default: 1 },
        { report_name: '收货验收单（横版）', custom: 2, is_hms_show: 1 },
      ]),
    [actor],
  );
  const [opened, setOpened] = useState(true);
  return (
    <Box p="md">
      <Button onClick={() => setOpened(true)}>打印</Button>
      <PrintDialog opened={opened} onClose={() => setOpened(false)} source={source} sourceType={102} actor={actor} documents={[{ type: 'purchase-receipt', no: 'SH001' }]} />
    </Box>
  );
}

const meta: Meta<typeof PrintDemo> = { title: 'Blocks/PrintDialog', component: PrintDemo, args: { actor: { client: 'HMT', provider_no: '0' } } };
export default meta;
type Story = StoryObj<typeof PrintDemo>;

/** Headquarters: the default style starts ticked; add/edit offers 供应商平台显示 for type 102. */
export const Headquarters: Story = {};
/** A supplier sees the published style; deleting it is refused with 总部端创建模板不允许删除!. */
export const Supplier: Story = { args: { actor: { client: 'HMS', provider_no: 'V001' } } };
