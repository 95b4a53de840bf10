/** The pager of lists and reports: total, page size, seven page buttons, prev/next and a jump box. */
import { useEffect, useState } from 'react';
import { ActionIcon, Group, Select, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDots } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { jumpTarget, MAX_PAGE, PAGE_SIZES, pageCount, pagerItems, parseJump, requestPage } from './pager.logic';
import classes from './Pager.module.css';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  pageSizes?: readonly number[];
  maxPage?: number;
  /** shows a refusal message (the blocks' notify, or a toast) */
  onRefuse?: (message: string) => void;
  hideSizes?: boolean;
  disabled?: boolean;
}

export function Pager({
  page,
  pageSize,
  total,
  onChange,
  pageSizes = PAGE_SIZES,
  maxPage = MAX_PAGE,
  onRefuse,
  hideSizes,
  disabled,
}: PagerProps) {
  const t = useT();
  const count = pageCount(total, pageSize);
  const [jump, setJump] = useState(String(page));
  useEffect(() => setJump(String(page)), [page]);

  const go = (target: number) => {
    const result = requestPage(target, page, count, maxPage);
    if (!result.ok) {
      if (result.message) onRefuse?.(t(result.message));
      setJump(String(page));
      return;
    }
    if (result.page !== page) onChange(result.page, pageSize);
    else setJump(String(page));
  };

  const submitJump = () => {
    const target = parseJump(jump);
    if (target === null) setJump(String(page));
    else go(target);
  };

  return (
    <Group gap={6} justify="flex-end" wrap="nowrap" className={classes.pager} data-testid="pager">
      <Text size="sm" c="dimmed">
        {t('blocks.pager.total', { total })}
      </Text>
      {!hideSizes && (
        <Select
          size="xs"
          w={100}
          aria-label={t('blocks.pager.sizeLabel')}
          disabled={disabled}
          data={pageSizes.map((size) => ({ value: String(size), label: t('blocks.pager.pageSize', { size }) }))}
          value={String(pageSize)}
          allowDeselect={false}
          onChange={(value) => value && onChange(1, Number(value))}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <ActionIcon
        variant="default"
        size="sm"
        aria-label={t('blocks.pager.prev')}
        disabled={disabled || page <= 1}
        onClick={() => go(page - 1)}
      >
        <IconChevronLeft size={14} />
      </ActionIcon>
      {pagerItems(page, count).map((item) =>
        typeof item === 'number' ? (
          <UnstyledButton
            key={item}
            className={classes.item}
            data-active={item === page || undefined}
            aria-current={item === page ? 'page' : undefined}
            disabled={disabled}
            onClick={() => go(item)}
          >
            {item}
          </UnstyledButton>
        ) : (
          <UnstyledButton
            key={item}
            className={classes.item}
            aria-label={t(item === 'prev-more' ? 'blocks.pager.prevMore' : 'blocks.pager.nextMore')}
            disabled={disabled}
            onClick={() => go(jumpTarget(item, page, count))}
          >
            <IconDots size={12} />
          </UnstyledButton>
        ),
      )}
      <ActionIcon
        variant="default"
        size="sm"
        aria-label={t('blocks.pager.next')}
        disabled={disabled || page >= count}
        onClick={() => go(page + 1)}
      >
        <IconChevronRight size={14} />
      </ActionIcon>
      <Text size="sm">{t('blocks.pager.goto')}</Text>
      <TextInput
        size="xs"
        w={52}
        aria-label={t('blocks.pager.jumpLabel')}
        value={jump}
        disabled={disabled}
        onChange={(e) => setJump(e.currentTarget.value.replace(/\D/g, ''))}
        onKeyDown={(e) => e.key === 'Enter' && submitJump()}
        onBlur={submitJump}
      />
      <Text size="sm">{t('blocks.pager.page')}</Text>
    </Group>
  );
}
