/**
 * One cell of the filter box: the label beside its field. English labels are longer: a wider
 * label that may take two lines, so "Current period" is read whole, never cut to "Current per…".
 */
import type { ReactNode } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { useLocale } from '../../i18n';
import classes from './ReportFilterBox.module.css';

export function FilterField({ label, required, children }: { label: string; required?: boolean; children: ReactNode }) {
  const { locale } = useLocale();
  return (
    <Group gap={8} wrap="nowrap" className={classes.field} role="group" aria-label={label}>
      <Text size="sm" className={classes.label} data-locale={locale} title={label}>
        {required && <span className={classes.required}>*</span>}
        {label}
      </Text>
      <Box className={classes.control}>{children}</Box>
    </Group>
  );
}
