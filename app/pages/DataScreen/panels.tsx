/** The data-screen panels: key figures, bars by store and category, sales by hour. Dark, large, calm. */
import type { ReactNode } from 'react';
import { Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { SalesScreenData } from '../../../engine/shell';
import { useT } from '../../i18n';
import { fmtInt, fmtMoney, fmtRate } from '../Dashboard/format';
import { FALLBACK_WIDTH, hourBars } from './hour-chart.logic';

export const SCREEN_BG = 'radial-gradient(ellipse at 50% 0%, #12305f 0%, #071426 70%)';
const PANEL_BG = 'rgba(255,255,255,0.04)';
const ACCENT = '#4dabf7';

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper p="md" radius="md" style={{ background: PANEL_BG, border: '1px solid rgba(77,171,247,0.25)', height: '100%' }}>
      <Text c="blue.2" fw={600} fz="md" mb="sm">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

export function Figures({ data }: { data: SalesScreenData }) {
  const t = useT();
  const items = [
    ['screen.sales', fmtMoney(data.totals.sales)],
    ['screen.orders', fmtInt(data.totals.orders)],
    ['screen.atv', fmtMoney(data.totals.atv)],
    ['screen.gmRate', fmtRate(data.totals.gm_rate)],
  ];
  return (
    <SimpleGrid cols={4} spacing="md">
      {items.map(([key, value]) => (
        <Paper key={key} p="md" radius="md" style={{ background: PANEL_BG, border: '1px solid rgba(77,171,247,0.25)' }}>
          <Text c="blue.2" fz="sm">
            {t(`shell.${key}`)}
          </Text>
          <Text c="white" fz={34} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`screen-${key.split('.')[1]}`}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function Bars({ rows }: { rows: { key: string; name: string; value: number }[] }) {
  const t = useT();
  const max = Math.max(0, ...rows.map((r) => r.value));
  if (!rows.length) return <Text c="dimmed">{t('shell.screen.empty')}</Text>;
  return (
    <Stack gap={8}>
      {rows.map((r, i) => (
        <Group key={r.key} gap="sm" wrap="nowrap">
          <Text c="blue.1" fz="sm" w={20} ta="right">
            {i + 1}
          </Text>
          <Text c="white" fz="sm" w={120} truncate>
            {r.name}
          </Text>
          <Box style={{ flex: 1, height: 12, background: 'rgba(255,255,255,0.06)', borderRadius: 6 }}>
            <Box style={{ width: `${max ? (Math.max(0, r.value) / max) * 100 : 0}%`, height: '100%', background: `linear-gradient(90deg, #1c7ed6, ${ACCENT})`, borderRadius: 6 }} />
          </Box>
          <Text c="white" fz="sm" w={110} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {fmtMoney(r.value)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function HourChart({ data, height = 220 }: { data: SalesScreenData; height?: number }) {
  // measured, so the 24 bars use the panel's whole width instead of a fixed-ratio drawing centred in it
  const { ref, width } = useElementSize<HTMLDivElement>();
  const bars = hourBars(new Map(data.by_hour.map((h) => [h.hour, h.sales])), width, height);
  const drawn = width > 0 ? width : FALLBACK_WIDTH;
  return (
    <div ref={ref} data-testid="hour-chart">
      <svg viewBox={`0 0 ${drawn} ${height}`} width="100%" height={height} role="img" aria-hidden>
        {bars.map((b) => (
          <g key={b.hour}>
            <rect x={b.x} y={b.y} width={b.width} height={b.height} rx={3} fill={ACCENT} opacity={0.85} />
            {b.hour % 3 === 0 ? (
              <text x={b.middle} y={height - 4} textAnchor="middle" fontSize={11} fill="#a5d8ff">
                {b.hour}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
    </div>
  );
}

export const storeRows = (data: SalesScreenData) => data.by_store.map((r) => ({ key: r.org_code, name: r.name, value: r.sales }));
export const categoryRows = (data: SalesScreenData) => data.by_category.map((r) => ({ key: r.code, name: r.name, value: r.sales }));
