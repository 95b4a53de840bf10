/** One cell of the filter box: the label beside its field (DESIGN §8). */
import type { ReactNode } from 'react';
import { Box, Group, Text } from '@mantine/core';
import classes from './ReportFilterBox.module.css';

export function FilterField({ label, required, children }: { label: string; required?: boolean; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" className={classes.field} role="group" aria-label={label}>
      <Text size="sm" className={classes.label} title={label}>
        {required && <span className={classes.required}>*</span>}
        {label}
      </Text>
      <Box className={classes.control}>{children}</Box>
    </Group>
  );
}
