import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Box, Button, Group, Paper, Portal, Text, Tooltip } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { availableSteps, cardPosition, GUIDE_CARD_WIDTH, type GuideStep, type Rect } from './guide.logic';

const targetOf = (step: GuideStep) => document.querySelector<HTMLElement>(`[data-tour="${step}"]`);

function rectOf(step: GuideStep): Rect | null {
  const r = targetOf(step)?.getBoundingClientRect();
  return r ? { top: r.top, left: r.left, width: r.width, height: r.height } : null;
}

/** Rule 11: a short guided tour of the shell (headquarters only). */
export function BeginnerGuide() {
  const t = useT();
  const [steps, setSteps] = useState<GuideStep[]>([]);
  const [index, setIndex] = useState(0);
  const [rect, setRect] = useState<Rect | null>(null);
  const step = steps[index];

  const measure = useCallback(() => setRect(step ? rectOf(step) : null), [step]);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const start = () => {
    setSteps(availableSteps((s) => !!targetOf(s)));
    setIndex(0);
  };
  const stop = () => setSteps([]);

  const pos = rect ? cardPosition(rect, { width: window.innerWidth, height: window.innerHeight }) : null;
  const last = index === steps.length - 1;

  return (
    <>
      <Tooltip label={t('shell.guide.label')} withinPortal>
        <ActionIcon size="lg" aria-label={t('shell.guide.label')} data-testid="beginner-guide" onClick={start}>
          <IconHelpCircle size={18} />
        </ActionIcon>
      </Tooltip>
      {step && rect && pos ? (
        <Portal>
          <Box pos="fixed" inset={0} style={{ zIndex: 400 }} onClick={stop} />
          <Box
            pos="fixed"
            top={rect.top - 4}
            left={rect.left - 4}
            w={rect.width + 8}
            h={rect.height + 8}
            style={{ zIndex: 401, borderRadius: 6, boxShadow: '0 0 0 9999px rgba(0,0,0,0.45)', pointerEvents: 'none' }}
          />
          <Paper
            role="dialog"
            aria-label={t(`shell.guide.${step}.title`)}
            data-testid="guide-card"
            pos="fixed"
            top={pos.top}
            left={pos.left}
            w={GUIDE_CARD_WIDTH}
            p="sm"
            shadow="lg"
            style={{ zIndex: 402 }}
          >
            <Group justify="space-between" mb={4}>
              <Text fw={600} fz="sm">
                {t(`shell.guide.${step}.title`)}
              </Text>
              <Text c="dimmed" fz="xs">
                {t('shell.guide.step', { current: index + 1, total: steps.length })}
              </Text>
            </Group>
            <Text fz="sm" mb="sm">
              {t(`shell.guide.${step}.text`)}
            </Text>
            <Group justify="space-between">
              <Button size="compact-sm" variant="subtle" color="gray" onClick={stop}>
                {t('shell.guide.skip')}
              </Button>
              <Group gap={6}>
                {index > 0 ? (
                  <Button size="compact-sm" variant="default" onClick={() => setIndex(index - 1)}>
                    {t('shell.guide.prev')}
                  </Button>
                ) : null}
                <Button size="compact-sm" onClick={() => (last ? stop() : setIndex(index + 1))}>
                  {t(last ? 'shell.guide.done' : 'shell.guide.next')}
                </Button>
              </Group>
            </Group>
          </Paper>
        </Portal>
      ) : null}
    </>
  );
}
