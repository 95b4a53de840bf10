import type { Meta, StoryObj } from '@storybook/react-vite';
import { Paper } from '@mantine/core';
import { StoryFrame } from '../data-source/StoryFrame';
import { DetailPanel } from './DetailPanel';

const meta: Meta<typeof DetailPanel> = {
  title: 'Blocks/Detail panel',
  component: DetailPanel,
  decorators: [(Story) => <StoryFrame><Paper p="md"><Story /></Paper></StoryFrame>],
};
export default meta;

/** Values of 30 characters or more are cut and shown whole in a tooltip. */
export const PurchaseOrderHeader: StoryObj<typeof DetailPanel> = {
  args: {
    items: [
      { label: '采购单号', value: 'CG101390001024' },
      { label: '供应商', value: 'V001 - 上海光明乳业销售有限公司' },
      { label: '收货仓库', value: 'DC01 - 上海物流中心' },
      { label: '单据状态', value: '待审核' },
      { label: '采购金额', value: '12,580.00' },
      { label: '制单人', value: '系统管理员' },
      { label: '收货地址', value: '上海市浦东新区张江高科技园区碧波路690号张江微电子港一期三号楼五层A区' },
      { label: '备注', value: null },
    ],
  },
};
