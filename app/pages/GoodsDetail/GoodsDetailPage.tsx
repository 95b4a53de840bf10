/** The goods page behind goods-name links (rules 24–25): /c-headquarters-detail?sku_no= and /c-sku-detail?no=. */
import { useLocation, useNavigate } from 'react-router';
import { Badge, Card, Center, Grid, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { GoodsDetail } from '../../../engine/shell';
import { useSession } from '../../api';
import { apiGet } from '../../api/http';
import { SkuAutocomplete } from '../../blocks/GoodsSearch';
import { useT } from '../../i18n';
import { goodsDetailPath, skuOfLocation } from '../../shell/goods-link';
import { fmtMoney, fmtRate } from '../Dashboard/format';
import { PrintLabelsButton } from './PrintLabelsButton';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" component="div">
        {children ?? '-'}
      </Text>
    </Stack>
  );
}

/** Finds another product by code, name or barcode and opens its page (the client's own goods route). */
function FindGoods() {
  const t = useT();
  const navigate = useNavigate();
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <Card py="xs">
      <Group gap="sm">
        <Text fz="sm" c="dimmed">
          {t('shell.goods.find')}
        </Text>
        <SkuAutocomplete size="sm" w={360} onSelect={(row) => navigate(goodsDetailPath(session.client, row.sku_no))} />
      </Group>
    </Card>
  );
}

const qty = (v: number) => new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 }).format(v);

export function GoodsDetailPage() {
  const t = useT();
  const { pathname, search } = useLocation();
  const sku = skuOfLocation(pathname, search);
  const query = useQuery<GoodsDetail>({
    queryKey: ['goods', sku],
    queryFn: ({ signal }) => apiGet<GoodsDetail>(`/api/goods/${encodeURIComponent(sku!)}`, undefined, signal),
    enabled: !!sku,
  });

  if (!sku || query.isLoading || query.isError || !query.data) {
    return (
      <Stack gap="sm">
        <FindGoods />
        {!sku ? (
          <Card>
            <Text c="dimmed">{t('shell.goods.noSku')}</Text>
          </Card>
        ) : query.isLoading ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : (
          <Card>
            <Text c="red">{query.error?.message ?? t('shell.goods.notFound')}</Text>
          </Card>
        )}
      </Stack>
    );
  }
  const g = query.data;
  const shelf = g.shelflife != null ? `${g.shelflife}${g.shelflife_unit ? t(`shell.goods.shelflifeUnit.${g.shelflife_unit}`) : ''}` : null;

  return (
    <Stack gap="sm" data-testid="goods-detail">
      <FindGoods />
      <Card>
        <Group gap="xs" mb="sm">
          <Title order={4}>{g.sku_name}</Title>
          {g.status != null ? <Badge variant="light" color={g.status === 1 ? 'green' : 'gray'}>{t(`shell.goods.status.${g.status === 1 ? 1 : 0}`)}</Badge> : null}
          <PrintLabelsButton skuNo={g.sku_no} />
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
          <Field label={t('shell.goods.sku_no')}>{g.sku_no}</Field>
          <Field label={t('shell.goods.barcode')}>{g.barcode}</Field>
          <Field label={t('shell.goods.category')}>{g.categories.map((c) => c.cate_name).join(' / ') || null}</Field>
          <Field label={t('shell.goods.brand')}>{g.brand_name}</Field>
          <Field label={t('shell.goods.supplier')}>{g.supplier_name ? `${g.supplier_name} (${g.supplier_no})` : g.supplier_no}</Field>
          <Field label={t('shell.goods.sale_unit')}>{g.sale_unit}</Field>
          <Field label={t('shell.goods.specification')}>{g.specification}</Field>
          <Field label={t('shell.goods.birthplace')}>{g.birthplace}</Field>
          <Field label={t('shell.goods.shelflife')}>{shelf}</Field>
          <Field label={t('shell.goods.tags')}>
            {g.tags.length ? (
              <Group gap={4}>
                {g.tags.map((tag) => (
                  <Badge key={tag} size="sm" variant="outline">
                    {tag}
                  </Badge>
                ))}
              </Group>
            ) : null}
          </Field>
        </SimpleGrid>
      </Card>
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card h="100%">
            <Title order={5} mb="sm">
              {t('shell.goods.prices')}
            </Title>
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
              <Field label={t('shell.goods.selling_price')}>{fmtMoney(g.selling_price)}</Field>
              {g.store_selling_price != null ? <Field label={t('shell.goods.store_selling_price')}>{fmtMoney(g.store_selling_price)}</Field> : null}
              <Field label={t('shell.goods.buying_price')}>{fmtMoney(g.buying_price)}</Field>
              <Field label={t('shell.goods.purchase_price')}>{fmtMoney(g.purchase_price)}</Field>
              <Field label={t('shell.goods.fcl')}>
                {g.fcl_price != null ? `${fmtMoney(g.fcl_price)} / ${g.fcl_sale_unit ?? ''}${g.fcl_barcode ? ` (${g.fcl_barcode})` : ''}` : null}
              </Field>
              <Field label={t('shell.goods.input_tax_rate')}>{fmtRate(g.input_tax_rate)}</Field>
              <Field label={t('shell.goods.output_tax_rate')}>{fmtRate(g.output_tax_rate)}</Field>
            </SimpleGrid>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card h="100%">
            <Group justify="space-between" mb="sm">
              <Title order={5}>{t('shell.goods.stock')}</Title>
              <Text fz="sm" c="dimmed">
                {t('shell.goods.sales30')}: {qty(g.sales_30d.qty)} / {fmtMoney(g.sales_30d.sales)}
              </Text>
            </Group>
            {g.stock.length ? (
              <Table fz="sm" striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('shell.goods.org')}</Table.Th>
                    <Table.Th ta="right">{t('shell.goods.stock_num')}</Table.Th>
                    <Table.Th ta="right">{t('shell.goods.usable_num')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {g.stock.map((s) => (
                    <Table.Tr key={s.org_code}>
                      <Table.Td>{s.org_name}</Table.Td>
                      <Table.Td ta="right">{qty(s.stock_num)}</Table.Td>
                      <Table.Td ta="right">{qty(s.usable_num)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text c="dimmed" fz="sm">
                {t('shell.goods.noStock')}
              </Text>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
