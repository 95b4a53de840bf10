/**
 * The filter box (rules 320–323): the date ranges, then every filter of the config, labels
 * beside fields, three or four per row, 查询 / 重置 at the end of the first row, 展开 / 收起 when there
 * is more than one row. Enter in a text, number or date box searches.
 */
import { memo, useState, type ReactNode } from 'react';
import { Box, Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { filterItems, pickShortcut, reset, search, setDateRange, setFilter, type ReportState } from '../../../engine/query';
import type { ReportConfig } from '../../../engine/wire';
import { DateRangeInput } from '../../blocks/DateRangeInput';
import { useT } from '../../i18n';
import { useClickGuard } from '../click-guard';
import { filterLayout } from '../report.logic';
import { showWarning, tenantToday, type Transition } from '../useReportPage';
import { FilterControl } from './FilterControl';
import { FilterField } from './FilterField';
import classes from './ReportFilterBox.module.css';

export interface ReportFilterBoxProps {
  config: ReportConfig;
  state: ReportState;
  apply: (transition: Transition) => void;
  /** fields per row; by screen width otherwise (3, or 4 from 1680 px) */
  perRow?: number;
}

function ReportFilterBoxView({ config, state, apply, perRow }: ReportFilterBoxProps) {
  const t = useT();
  const guard = useClickGuard();
  // four fields a row only where a date range still fits in a quarter of the width
  const wide = useMediaQuery('(min-width: 1680px)');
  const cols = perRow ?? (wide ? 4 : 3);
  const [expanded, setExpanded] = useState(false);
  const doSearch = () => apply((s, c) => search(s, c));

  const fields: { key: string; node: ReactNode }[] = [
    ...config.dates.map((range) => ({
      key: `date-${range.index}`,
      node: (
        <FilterField label={range.label} required={range.required}>
          <DateRangeInput
            label={range.label}
            today={tenantToday()}
            granularity={range.granularity}
            restriction={range.restriction}
            isHistory={state.is_history === '1'}
            value={state.dates[range.index] ?? ['', '']}
            shortcut={state.shortcuts[range.index] ?? null}
            onChange={(value, code) =>
              apply((s, c, today) => (code === null ? setDateRange(s, range.index, value) : pickShortcut(s, c, range.index, code, today)))
            }
            onRefuse={showWarning}
            onEnter={doSearch}
          />
        </FilterField>
      ),
    })),
    ...filterItems(config).map((item) => ({
      key: item.id,
      node: (
        <FilterField label={item.label}>
          <FilterControl
            item={item}
            value={state.filters[item.id]}
            onChange={(value) => apply((s, c) => setFilter(s, c, item.id, value))}
            onEnter={doSearch}
          />
        </FilterField>
      ),
    })),
  ];

  const layout = filterLayout(fields.length, cols);
  const shown = expanded ? fields : fields.slice(0, layout.firstRow);
  const actions = (
    <Group key="actions" gap="xs" wrap="nowrap" className={classes.actions}>
      <Button onClick={guard('search', doSearch)}>{t('report.search')}</Button>
      <Button variant="default" onClick={guard('reset', () => apply((s, c, today) => reset(s, c, today)))}>
        {t('report.reset')}
      </Button>
      {layout.collapsible && (
        <Button
          variant="subtle"
          px={6}
          rightSection={expanded ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          onClick={() => setExpanded((e) => !e)}
        >
          {t(expanded ? 'report.collapse' : 'report.expand')}
        </Button>
      )}
    </Group>
  );

  const cells = [...shown.slice(0, layout.firstRow).map((f) => <Box key={f.key}>{f.node}</Box>)];
  // the actions close the first row: pad it when the first row is short
  for (let i = cells.length; i < cols - 1; i++) cells.push(<Box key={`pad-${i}`} />);
  cells.push(actions);
  for (const f of shown.slice(layout.firstRow)) cells.push(<Box key={f.key}>{f.node}</Box>);

  return (
    <form
      className={classes.grid}
      style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}
      onSubmit={(e) => {
        e.preventDefault();
      }}
      data-testid="report-filter-box"
    >
      {cells}
    </form>
  );
}

/** Memoised: a search's answers re-render the report page, and these props stay the same across them. */
export const ReportFilterBox = memo(ReportFilterBoxView);
