/**
 * The rotating data screen (rule 27, C5): only for the special tenant. Cycles through the panels of the
 * sales screen.
 */
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Box, Group, Stack } from '@mantine/core';
import { useSession } from '../../api';
import { useT } from '../../i18n';
import { PATHS } from '../../paths';
import { Bars, categoryRows, Figures, HourChart, Panel, storeRows } from '../DataScreen/panels';
import { ScreenFrame } from '../DataScreen/ScreenFrame';
import { useSalesScreen } from '../DataScreen/useSalesScreen';
import { nextSlide, SLIDE_SECONDS, SLIDES } from './swiper.logic';

export function DataSwiperPage() {
  const t = useT();
  const { data: session } = useSession();
  const { data, isLoading } = useSalesScreen();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex(nextSlide), SLIDE_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (!session) return null;
  if (!session.is_special_tenant) return <Navigate to={PATHS.dashboard} replace />;

  const slide = SLIDES[index];
  return (
    <ScreenFrame title={t('shell.screen.swiperTitle')} data={data} loading={isLoading}>
      {data ? (
        <Stack gap="md">
          <Figures data={data} />
          <Box data-testid="swiper-slide" data-slide={slide}>
            {slide === 'byStore' ? (
              <Panel title={t('shell.screen.byStore')}>
                <Bars rows={storeRows(data).slice(0, 12)} />
              </Panel>
            ) : slide === 'byCategory' ? (
              <Panel title={t('shell.screen.byCategory')}>
                <Bars rows={categoryRows(data)} />
              </Panel>
            ) : (
              <Panel title={t('shell.screen.byHour')}>
                <HourChart data={data} height={300} />
              </Panel>
            )}
          </Box>
          <Group justify="center" gap={8}>
            {SLIDES.map((s, i) => (
              <Box key={s} w={i === index ? 24 : 8} h={8} style={{ borderRadius: 4, background: i === index ? '#4dabf7' : 'rgba(255,255,255,0.3)', transition: 'width 200ms' }} />
            ))}
          </Group>
        </Stack>
      ) : null}
    </ScreenFrame>
  );
}
