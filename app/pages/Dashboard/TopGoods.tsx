/**
 * The home page's best sellers of the day; each name opens its goods page (rules 24–25), where 打印价签
 * is. Sales lines without goods (services, cards) come as one row without a code: 未分类, never a link.
 */
import { Card, Table, Text, Title } from '@mantine/core';
import type { DashboardGoods } from '../../../engine/shell';
import { GoodsLinksContext, GoodsName, useClientGoodsLinks } from '../../report/parts/GoodsName';
import { codeName } from '../../blocks/Picker/picker.logic';
import { useT } from '../../i18n';
import { fmtMoney, fmtQty } from './format';

export function TopGoods({ goods }: { goods: DashboardGoods[] }) {
  const t = useT();
  const links = useClientGoodsLinks();
  return (
    <Card data-testid="dashboard-top-goods">
      <Title order={5} mb="sm">
        {t('shell.dash.topGoods')}
      </Title>
      {goods.length ? (
        <GoodsLinksContext.Provider value={links}>
          <Table fz="sm" verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>{t('shell.dash.goods')}</Table.Th>
                <Table.Th ta="right">{t('shell.dash.qty')}</Table.Th>
                <Table.Th ta="right">{t('shell.dash.sales')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {goods.map((g, i) => (
                <Table.Tr key={g.sku_no ?? ''}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    {g.sku_no === null ? t('shell.dash.uncategorised') : <GoodsName skuNo={g.sku_no} text={codeName(g.sku_no, g.sku_name)} />}
                  </Table.Td>
                  <Table.Td ta="right">{fmtQty(g.qty)}</Table.Td>
                  <Table.Td ta="right">{fmtMoney(g.sales)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </GoodsLinksContext.Provider>
      ) : (
        <Text c="dimmed" fz="sm">
          {t('shell.dash.noGoods')}
        </Text>
      )}
    </Card>
  );
}
