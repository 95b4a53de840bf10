/**
 * The table inside every list picker: a check (or radio) column, formatted cells, sticky header, a
 * loading overlay and 暂无数据. Rows that are not selectable show a disabled check.
 */
import { Badge, Box, Checkbox, LoadingOverlay, Radio, ScrollArea, Table, Text } from '@mantine/core';
import { useT } from '../../i18n';
import type { PickerColumn } from '../Picker/picker.types';
import { isChosen, pageCheckState, type KeyOf } from '../Picker/selection.logic';
import { formatCell, isNumericFormat } from './format.logic';

export interface SelectTableProps<R> {
  rows: R[];
  columns: PickerColumn<R>[];
  keyOf: KeyOf<R>;
  chosen: readonly R[];
  multiple: boolean;
  onToggle: (row: R) => void;
  onToggleAll?: (rows: R[], checked: boolean) => void;
  onRowDoubleClick?: (row: R) => void;
  selectable?: (row: R) => boolean;
  loading?: boolean;
  /** the tallest the list may be, in px; it shrinks so a dialog keeps its buttons in view at 1280×720 */
  height?: number;
}

/** Room a picker dialog needs around its list (title, tabs, filters, pager, buttons). */
const DIALOG_CHROME = 360;

function cellValue<R>(row: R, column: PickerColumn<R>): unknown {
  return column.value ? column.value(row) : (row as Record<string, unknown>)[column.key];
}

export function SelectTable<R>({
  rows,
  columns,
  keyOf,
  chosen,
  multiple,
  onToggle,
  onToggleAll,
  onRowDoubleClick,
  selectable = () => true,
  loading,
  height = 400,
}: SelectTableProps<R>) {
  const t = useT();
  const pickable = rows.filter(selectable);
  const headState = pageCheckState(chosen, pickable, keyOf);

  return (
    <Box pos="relative">
      <LoadingOverlay visible={!!loading} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <ScrollArea h={`min(${height}px, calc(100dvh - ${DIALOG_CHROME}px))`} mih={160} type="auto">
        <Table striped highlightOnHover stickyHeader withTableBorder withColumnBorders fz="sm" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                {multiple && onToggleAll && (
                  <Checkbox
                    size="xs"
                    aria-label="select page"
                    checked={headState === 'all'}
                    indeterminate={headState === 'some'}
                    disabled={pickable.length === 0}
                    onChange={(e) => onToggleAll(pickable, e.currentTarget.checked)}
                  />
                )}
              </Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.width} ta={isNumericFormat(c.format) ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {t(c.label)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const key = keyOf(row);
              const canPick = selectable(row);
              const checked = isChosen(chosen, row, keyOf);
              const Control = multiple ? Checkbox : Radio;
              return (
                <Table.Tr
                  key={key}
                  data-testid={`row-${key}`}
                  bg={checked ? 'var(--mantine-primary-color-light)' : undefined}
                  style={{ cursor: canPick ? 'pointer' : 'not-allowed' }}
                  onClick={() => canPick && onToggle(row)}
                  onDoubleClick={() => onRowDoubleClick?.(row)}
                >
                  <Table.Td>
                    <Control
                      size="xs"
                      aria-label={key}
                      checked={checked}
                      disabled={!canPick}
                      onChange={() => canPick && onToggle(row)}
                      onClick={(e) => e.stopPropagation()}
                    />
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta={isNumericFormat(c.format) ? 'right' : undefined}>
                      {formatCell(cellValue(row, c), c.format)}
                      {c.mark?.(row) ? (
                        <Badge ml={4} size="xs" color="red" variant="light" data-testid="cell-mark">
                          {t(c.mark(row)!)}
                        </Badge>
                      ) : null}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {!loading && rows.length === 0 && (
          <Text ta="center" c="dimmed" size="sm" py="xl">
            {t('blocks.empty')}
          </Text>
        )}
      </ScrollArea>
    </Box>
  );
}
