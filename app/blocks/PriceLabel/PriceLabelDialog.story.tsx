import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@mantine/core';
import type { ClientType } from '../../../engine/wire';
import { StoryFrame } from '../data-source/StoryFrame';
import type { LabelOutcome } from './label-frame';
import { createMemoryPriceLabelSource } from './memory-source';
import { PriceLabelDialog } from './PriceLabelDialog';

const GOODS = [
  { sku_no: '100001', sku_name: '有机纯牛奶 250ml', barcode: '6900000000011', selling_price: 6.5 },
  { sku_no: '100002', sku_name: '全麦吐司(切片)', barcode: '6900000000028', selling_price: 12.8 },
];

function LabelDemo({ client, driver }: { client: ClientType; driver: 'answers' | 'missing' }) {
  const source = useMemo(
    () =>
      createMemoryPriceLabelSource(
        [
          { print_template_name: '标准价签（60x40）', is_default: '1', is_system: '1' },
          { print_template_name: '促销价签（70x50）', print_template_content: '<label w="70" h="50"/>' },
        ],
        GOODS,
      ),
    [],
  );
  const send = async (xml: string): Promise<LabelOutcome> =>
    driver === 'answers' ? { ok: true, records: xml.split('<record>').length - 1 } : { ok: false, reason: 'no-driver' };
  const [opened, setOpened] = useState(true);
  return (
    <>
      <Button onClick={() => setOpened(true)}>打印价签</Button>
      <PriceLabelDialog opened={opened} onClose={() => setOpened(false)} source={source} viewer={{ client, owner: client === 'HMD' ? 'S001' : '0', account_id: 1 }} tenantId={10139} skuNos={GOODS.map((g) => g.sku_no)} send={send} />
    </>
  );
}

const meta: Meta<typeof LabelDemo> = {
  title: 'Blocks/PriceLabelDialog',
  component: LabelDemo,
  args: { client: 'HMT', driver: 'answers' },
  decorators: [(Story) => <StoryFrame>{<Story />}</StoryFrame>],
};
export default meta;
type Story = StoryObj<typeof LabelDemo>;

/** Headquarters of a tenant that may set the system default: the default template ticked, two goods at one copy. */
export const Headquarters: Story = {};
/** No driver answers on this computer: the print exception with the link to the driver help page. */
export const NoDriver: Story = { args: { driver: 'missing' } };
/** A store: no system default button. */
export const Store: Story = { args: { client: 'HMD' } };
