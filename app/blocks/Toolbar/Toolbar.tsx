/**
 * Toolbar with a preset button set: each click runs 50 ms later (rule 316), repeats within 1500 ms are
 * ignored (rule 327), more than 12 buttons fold into 更多 (rule 317), and 关闭 closes the page (rule 31).
 * A disabled button with a hint says on hover why it cannot be used now.
 */
import { useMemo, useRef, type ReactNode } from 'react';
import { Button, Group, Menu, Tooltip } from '@mantine/core';
import {
  IconChecklist,
  IconChevronDown,
  IconDeviceFloppy,
  IconDownload,
  IconEdit,
  IconPlus,
  IconPrinter,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useT } from '../../i18n';
import {
  CLICK_DELAY_MS,
  closeTarget,
  createClickGuard,
  splitButtons,
  toolbarButtons,
  type CloseContext,
  type FunctionKey,
  type PresetName,
  type ToolbarButton,
} from './toolbar.logic';

const ICONS: Partial<Record<FunctionKey, ReactNode>> = {
  1: <IconPlus size={14} />,
  2: <IconEdit size={14} />,
  3: <IconTrash size={14} />,
  4: <IconDeviceFloppy size={14} />,
  18: <IconUpload size={14} />,
  19: <IconDownload size={14} />,
  20: <IconPrinter size={14} />,
  21: <IconChecklist size={14} />,
};

export interface ToolbarClose extends CloseContext {
  navigate: (path: string) => void;
  /** removes the current tab before leaving */
  removeTab?: (path: string) => void;
}

export interface ToolbarProps {
  preset?: PresetName;
  buttons?: ToolbarButton[];
  /** keys of preset buttons this screen does not offer */
  hidden?: string[];
  onAction: (key: string, fn?: FunctionKey) => void;
  /** shows 关闭 when given */
  close?: ToolbarClose;
  children?: ReactNode;
}

export function Toolbar({ preset, buttons, hidden, onAction, close, children }: ToolbarProps) {
  const t = useT();
  const guard = useRef(createClickGuard()).current;
  const all = useMemo(() => toolbarButtons(preset, buttons, hidden), [preset, buttons, hidden]);
  const { visible, more } = splitButtons(all);
  const labelOf = (b: ToolbarButton) => b.label ?? t(b.labelKey ?? b.key);

  const click = (b: ToolbarButton) => {
    if (b.disabled || !guard(b.key)) return;
    setTimeout(() => onAction(b.key, b.fn), CLICK_DELAY_MS);
  };

  const closePage = () => {
    if (!close || !guard('close')) return;
    setTimeout(() => {
      close.removeTab?.(close.currentPath);
      close.navigate(closeTarget(close));
    }, CLICK_DELAY_MS);
  };

  return (
    <Group gap="xs" wrap="wrap" data-testid="toolbar">
      {visible.map((b, i) => {
        // a disabled button fires no pointer events, so one that explains itself is only marked disabled
        const explained = !!(b.disabled && b.hint);
        const button = (
          <Button
            key={b.key}
            size="xs"
            variant={i === 0 ? 'filled' : 'default'}
            color={b.fn === 3 ? 'red' : undefined}
            leftSection={b.fn ? ICONS[b.fn] : undefined}
            disabled={b.disabled && !explained}
            data-disabled={explained || undefined}
            aria-disabled={explained || undefined}
            onClick={() => click(b)}
          >
            {labelOf(b)}
          </Button>
        );
        return explained ? (
          <Tooltip key={b.key} label={b.hint} withArrow>
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
      {more.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default" rightSection={<IconChevronDown size={14} />}>
              {t('blocks.toolbar.more')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {more.map((b) => (
              <Menu.Item key={b.key} disabled={b.disabled} leftSection={b.fn ? ICONS[b.fn] : undefined} onClick={() => click(b)}>
                {labelOf(b)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {children}
      {close && (
        <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={closePage}>
          {t('blocks.toolbar.close')}
        </Button>
      )}
    </Group>
  );
}
