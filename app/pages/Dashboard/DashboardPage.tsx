/**
 * Home (/dashboard): yesterday's key figures in the user's scope, their 14-day trend and links to frequent
 * reports. Headquarters may narrow the figures to some stores with the multi-store picker.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Card, Center, CloseButton, Group, Loader, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconArrowDownRight, IconArrowUpRight, IconBuildingStore, IconFileAnalytics } from '@tabler/icons-react';
import type { DashboardData, SalesFigures } from '../../../engine/shell';
import { useSession } from '../../api';
import { apiGet } from '../../api/http';
import type { StoreRow } from '../../blocks/data-source';
import { MultiStorePicker } from '../../blocks/MultiStorePicker';
import { codeName } from '../../blocks/Picker/picker.logic';
import { useLocale, useT } from '../../i18n';
import { fmtInt, fmtMoney, fmtRate } from './format';
import { Sparkline } from './Sparkline';
import { TopGoods } from './TopGoods';
import { changeRatio } from './sparkline.logic';

type Metric = 'sales' | 'orders' | 'atv' | 'gm' | 'gm_rate';

const METRICS: { key: Metric; label: string; format: (v: number | null) => string }[] = [
  { key: 'sales', label: 'shell.dash.sales', format: fmtMoney },
  { key: 'orders', label: 'shell.dash.orders', format: fmtInt },
  { key: 'atv', label: 'shell.dash.atv', format: fmtMoney },
  { key: 'gm', label: 'shell.dash.gm', format: fmtMoney },
  { key: 'gm_rate', label: 'shell.dash.gmRate', format: fmtRate },
];

function Change({ current, previous }: { current: number | null; previous: number | null }) {
  const t = useT();
  const ratio = changeRatio(current, previous);
  if (ratio == null) return <Text fz="xs" c="dimmed">{t('shell.dash.vsPrev')} -</Text>;
  const up = ratio >= 0;
  return (
    <Group gap={2} wrap="nowrap">
      <Text fz="xs" c="dimmed">
        {t('shell.dash.vsPrev')}
      </Text>
      {up ? <IconArrowUpRight size={14} color="var(--mantine-color-green-7)" /> : <IconArrowDownRight size={14} color="var(--mantine-color-red-7)" />}
      <Text fz="xs" c={up ? 'green.7' : 'red.7'}>
        {fmtRate(Math.abs(ratio))}
      </Text>
    </Group>
  );
}

/** The stores headquarters narrows the figures to: a button opening the multi-store picker, and a clear. */
function StoreScope({ stores, onChange }: { stores: StoreRow[]; onChange: (stores: StoreRow[]) => void }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const text = stores.length ? stores.map((s) => codeName(s.store_no, s.store_name)).join('、') : '';
  const first = stores.length ? codeName(stores[0].store_no, stores[0].store_name) : '';
  const label = stores.length > 1 ? t('shell.dash.storesChosen', { first, count: stores.length }) : first || t('shell.dash.allStores');
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={text} disabled={!text} multiline maw={420}>
        <Button size="xs" variant="default" leftSection={<IconBuildingStore size={14} />} onClick={() => setOpened(true)} data-testid="dashboard-stores">
          {label}
        </Button>
      </Tooltip>
      {stores.length > 0 && <CloseButton size="sm" aria-label={t('shell.dash.clearStores')} onClick={() => onChange([])} />}
      {opened && <MultiStorePicker opened={opened} initialChosen={stores} onClose={() => setOpened(false)} onConfirm={onChange} />}
    </Group>
  );
}

export function DashboardPage() {
  const t = useT();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const [stores, setStores] = useState<StoreRow[]>([]);
  const storeNos = stores.map((s) => s.store_no).join(',');
  const { data, isLoading, isError, error } = useQuery<DashboardData>({
    queryKey: ['shell', 'dashboard', storeNos],
    queryFn: ({ signal }) => apiGet<DashboardData>('/api/dashboard', storeNos ? { store_no: storeNos } : undefined, signal),
    placeholderData: keepPreviousData,
  });

  if (isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (isError || !data) return <Card><Text c="red">{(error as Error)?.message}</Text></Card>;

  const series = (key: Metric) => data.trend.map((p) => p[key]);
  return (
    <Stack gap="sm" data-testid="dashboard">
      <Card>
        <Group justify="space-between" mb="sm">
          <Group gap="xs">
            <Title order={5}>{t('shell.dash.title')}</Title>
            {session?.client === 'HMT' ? (
              <StoreScope stores={stores} onChange={setStores} />
            ) : (
              <Badge variant="light">{t(`shell.dash.scope.${data.scope}`)}</Badge>
            )}
          </Group>
          <Text c="dimmed" fz="sm">
            {t('shell.dash.day', { date: data.date })}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }} spacing="sm">
          {METRICS.map((m) => (
            <Card key={m.key} withBorder padding="sm" data-testid={`metric-${m.key}`}>
              <Text fz="sm" c="dimmed">
                {t(m.label)}
              </Text>
              <Text fz={22} fw={600} my={2} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {m.format(data.figures[m.key as keyof SalesFigures])}
              </Text>
              <Change current={data.figures[m.key]} previous={data.previous[m.key]} />
              <Text fz={11} c="dimmed" mt={6}>
                {t('shell.dash.trend')}
              </Text>
              <Sparkline values={series(m.key)} width={180} />
            </Card>
          ))}
        </SimpleGrid>
      </Card>
      <TopGoods goods={data.top_goods} />
      <Card>
        <Title order={5} mb="sm">
          {t('shell.dash.links')}
        </Title>
        {data.links.length ? (
          <Group gap="xs">
            {data.links.map((link) => (
              <Button key={link.table_id} variant="light" size="xs" leftSection={<IconFileAnalytics size={14} />} onClick={() => navigate(link.route)}>
                {locale === 'en-US' ? link.title_en : link.title}
              </Button>
            ))}
          </Group>
        ) : (
          <Text c="dimmed" fz="sm">
            {t('shell.dash.noLinks')}
          </Text>
        )}
      </Card>
    </Stack>
  );
}
