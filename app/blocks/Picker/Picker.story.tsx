import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Code, Stack } from '@mantine/core';
import { DEMO_SESSIONS } from '../data-source/BlocksProvider';
import { StoryFrame } from '../data-source/StoryFrame';
import type { BlockSession, ListQuery } from '../data-source/types';
import * as d from './descriptions';
import { Picker } from './Picker';
import { codeName, toPicked } from './picker.logic';
import type { ListPickerDescription } from './picker.types';

interface DemoProps {
  description: ListPickerDescription<any>;
  session?: BlockSession;
  extraParams?: ListQuery;
  multiple?: boolean;
}

function PickerDemo({ description, extraParams, multiple }: DemoProps) {
  const [opened, setOpened] = useState(true);
  const [chosen, setChosen] = useState<unknown[]>([]);
  return (
    <Stack align="flex-start">
      <Button size="xs" onClick={() => setOpened(true)}>
        打开选择器
      </Button>
      <Code block>{chosen.map((row) => codeName(toPicked(description, row).code, toPicked(description, row).name)).join('\n') || '（未选择）'}</Code>
      <Picker
        description={description}
        opened={opened}
        multiple={multiple}
        extraParams={extraParams}
        initialChosen={chosen as never[]}
        onClose={() => setOpened(false)}
        onConfirm={setChosen}
      />
    </Stack>
  );
}

const meta: Meta<typeof PickerDemo> = {
  title: 'Blocks/Pickers/List pickers',
  component: PickerDemo,
  decorators: [
    (Story, ctx) => (
      <StoryFrame session={(ctx.args as DemoProps).session}>
        <Story />
      </StoryFrame>
    ),
  ],
};
export default meta;

type Story = StoryObj<typeof PickerDemo>;

export const Store: Story = { args: { description: d.storePicker } };
export const StoreMultiple: Story = { args: { description: d.storePicker, multiple: true } };
export const StoreWarehouse: Story = { args: { description: d.storeWarehousePicker } };
export const Warehouse: Story = { args: { description: d.warehousePicker } };
/** A store user sees the warehouses of its own org only. */
export const WarehouseAsStore: Story = { args: { description: d.warehousePicker, session: DEMO_SESSIONS.HMD } };
/** Preloads 100, searches 50; confirming nothing gives 请选择供应商！ */
export const Supplier: Story = { args: { description: d.supplierPicker } };
export const Wholesaler: Story = { args: { description: d.wholesalerPicker } };
export const OnlineCategory: Story = { args: { description: d.onlineCategoryPicker } };
export const MemberTag: Story = { args: { description: d.memberTagPicker } };
/** Whole list in one call, paged locally by 10; 'Please select a group!' */
export const Group: Story = { args: { description: d.groupPicker, extraParams: { client_no: 'S001' } } };
export const Buyer: Story = { args: { description: d.buyerPicker } };
export const PickupPoint: Story = { args: { description: d.pickupPointPicker } };
export const Carrier: Story = { args: { description: d.carrierPicker } };
export const Account: Story = { args: { description: d.accountPicker } };
/** The code field is required before searching. */
export const Location: Story = { args: { description: d.locationPicker } };
export const Salesman: Story = { args: { description: d.salesmanPicker } };
export const ServiceItem: Story = { args: { description: d.serviceItemPicker } };
/** Generic multi-item picker, default title 选择项目, single_sale_type=1. */
export const MultiItem: Story = { args: { description: d.multiItemPicker } };
/** The 'Select settlement bill' variant. */
export const Settlement: Story = { args: { description: d.settlementPicker } };
