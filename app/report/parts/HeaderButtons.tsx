/**
 * The header button group (spec §1, §5; rules 83, 149–152): export and refresh, AI on reports with the
 * assistant, and a more-menu with print and explanation. Which show is decided by headerButtons(); every
 * button ignores repeat clicks for 1500 ms.
 */
import { Button, Group, Menu } from '@mantine/core';
import { IconDots, IconDownload, IconInfoCircle, IconPrinter, IconRefresh, IconSparkles } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { useClickGuard } from '../click-guard';
import type { HeaderButtons as Shown } from '../report.logic';

export interface HeaderButtonsProps {
  shown: Shown;
  exporting?: boolean;
  printing?: boolean;
  onExport: () => void;
  onRefresh: () => void;
  onPrint: () => void;
  onExplain: () => void;
  onAi: () => void;
}

export function HeaderButtons({ shown, exporting, printing, onExport, onRefresh, onPrint, onExplain, onAi }: HeaderButtonsProps) {
  const t = useT();
  const guard = useClickGuard();
  const more = shown.print || shown.explain;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="report-buttons">
      {shown.ai && (
        <Button variant="light" color="grape" leftSection={<IconSparkles size={14} />} onClick={guard('ai', onAi)}>
          {t('report.ai')}
        </Button>
      )}
      {shown.export && (
        <Button variant="default" leftSection={<IconDownload size={14} />} loading={exporting} onClick={guard('export', onExport)}>
          {t('report.export')}
        </Button>
      )}
      {shown.refresh && (
        <Button variant="default" leftSection={<IconRefresh size={14} />} onClick={guard('refresh', onRefresh)}>
          {t('report.refresh')}
        </Button>
      )}
      {more && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" px={10} rightSection={<IconDots size={14} />} loading={printing}>
              {t('report.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {shown.print && (
              <Menu.Item leftSection={<IconPrinter size={14} />} onClick={guard('print', onPrint)}>
                {t('report.print')}
              </Menu.Item>
            )}
            {shown.explain && (
              <Menu.Item leftSection={<IconInfoCircle size={14} />} onClick={guard('explain', onExplain)}>
                {t('report.explain')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
