/** The real data screen (rule 8): today's sales in the user's scope by store, category and hour; refreshes itself. */
import { Grid, Stack } from '@mantine/core';
import { useT } from '../../i18n';
import { Bars, categoryRows, Figures, HourChart, Panel, storeRows } from './panels';
import { ScreenFrame } from './ScreenFrame';
import { useSalesScreen } from './useSalesScreen';

export function DataScreenPage() {
  const t = useT();
  const { data, isLoading } = useSalesScreen();
  return (
    <ScreenFrame title={t('shell.screen.title')} data={data} loading={isLoading}>
      {data ? (
        <Stack gap="md">
          <Figures data={data} />
          <Grid gutter="md">
            <Grid.Col span={6}>
              <Panel title={t('shell.screen.byStore')}>
                <Bars rows={storeRows(data).slice(0, 10)} />
              </Panel>
            </Grid.Col>
            <Grid.Col span={6}>
              <Panel title={t('shell.screen.byCategory')}>
                <Bars rows={categoryRows(data)} />
              </Panel>
            </Grid.Col>
          </Grid>
          <Panel title={t('shell.screen.byHour')}>
            <HourChart data={data} />
          </Panel>
        </Stack>
      ) : null}
    </ScreenFrame>
  );
}
