import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DateGranularity, DateRestriction } from '../../../engine/wire';
import { renderWithProviders } from '../../test-utils';
import { DateRangeInput } from './DateRangeInput';
import {
  cellDisabled,
  fromCalendar,
  offeredShortcuts,
  pickShortcut,
  readTyped,
  toCalendar,
  typedOutOfLimit,
  withTime,
  type DateRange,
  type PickerRules,
  type ShortcutCode,
} from './dateRange.logic';

// popovers and calendars are slow in jsdom on a busy machine
vi.setConfig({ testTimeout: 20_000 });

// a Wednesday
const TODAY = '2025-06-11';
const rules = (over: Partial<PickerRules> = {}): PickerRules => ({ granularity: 'day', restriction: 'none', today: TODAY, isHistory: false, ...over });

describe('dateRange.logic', () => {
  it('typed dates in other forms read as the picker\'s own; what is no date is refused', () => {
    for (const text of ['2025-06-01', '2025/6/1', '2025.06.01', '20250601', ' 2025-6-1 ']) expect(readTyped(text, 'day', false)).toBe('2025-06-01');
    for (const text of ['2025-02-30', '20251301', '2025-06', '06/01/2025', 'abc', '2025-06-01 10:00']) expect(readTyped(text, 'day', false)).toBeNull();
    expect(readTyped('', 'day', false)).toBe('');
    expect(readTyped('2025/6', 'month', false)).toBe('2025-06');
    expect(readTyped('202506', 'month', false)).toBe('2025-06');
    expect(readTyped('2025-13', 'month', false)).toBeNull();
    expect(readTyped('2025/6/1', 'datetime', false)).toBe('2025-06-01 00:00:00');
    expect(readTyped('2025/6/1', 'datetime', true)).toBe('2025-06-01 23:59:59');
    expect(readTyped('2025-06-01 9:30', 'datetime', true)).toBe('2025-06-01 09:30:00');
    expect(readTyped('2025-06-01 24:00:00', 'datetime', true)).toBeNull();
  });


  it('rule 335: nine shortcut codes; rule 337: the ≤Y variant has no "today"', () => {
    expect(offeredShortcuts('none')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(offeredShortcuts('to_yesterday')).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('rule 339: shortcut ranges are trimmed to enabled days', () => {
    const result = pickShortcut(6, rules({ restriction: 'to_yesterday' }));
    expect(result).toMatchObject({ ok: true, range: ['2025-06-01', '2025-06-10'] });
  });

  it('rule 338: a shortcut with no enabled day is refused with 选择日期超出限制', () => {
    const result = pickShortcut(3, rules({ restriction: 'completed_weeks', granularity: 'week' }));
    expect(result).toMatchObject({ ok: false, message: { zh: '选择日期超出限制' } });
  });

  it('rules 131, 133, 134: disabled cells follow the restriction and granularity', () => {
    expect(cellDisabled('2025-06-11', rules({ restriction: 'to_yesterday' }))).toBe(true);
    expect(cellDisabled('2025-06-10', rules({ restriction: 'to_yesterday' }))).toBe(false);
    expect(cellDisabled('2025-06-01', rules({ restriction: 'earlier_months', granularity: 'month' }))).toBe(true);
    expect(cellDisabled('2025-05-01', rules({ restriction: 'earlier_months', granularity: 'month' }))).toBe(false);
    // this week's Monday: the week is not complete yet
    expect(cellDisabled('2025-06-09', rules({ restriction: 'completed_weeks', granularity: 'week' }))).toBe(true);
    expect(cellDisabled('2025-06-02', rules({ restriction: 'completed_weeks', granularity: 'week' }))).toBe(false);
  });

  it('rule 132: the 3-month split disables opposite sides on the two tabs', () => {
    expect(cellDisabled('2025-01-10', rules({ restriction: 'three_months' }))).toBe(true);
    expect(cellDisabled('2025-01-10', rules({ restriction: 'three_months', isHistory: true }))).toBe(false);
    expect(cellDisabled('2025-06-01', rules({ restriction: 'three_months', isHistory: true }))).toBe(true);
  });

  it('rule 341: calendar picks become ranges of the granularity', () => {
    expect(fromCalendar(['2025-06-05', '2025-06-03'], 'day', ['', ''])).toEqual(['2025-06-03', '2025-06-05']);
    expect(fromCalendar(['2025-06-04', '2025-06-05'], 'week', ['', ''])).toEqual(['2025-06-02', '2025-06-08']);
    expect(fromCalendar(['2025-04-01', '2025-05-01'], 'month', ['', ''])).toEqual(['2025-04', '2025-05']);
    expect(fromCalendar(['2025-06-01', '2025-06-02'], 'datetime', ['2025-05-01 10:00:00', ''])).toEqual([
      '2025-06-01 10:00:00',
      '2025-06-02 23:59:59',
    ]);
    expect(toCalendar(['2025-04', 'bad'], 'month')).toEqual(['2025-04-01', null]);
  });

  it('rule 338 for typed dates: an end the calendar disables is out of limit; unfinished text is not judged', () => {
    expect(typedOutOfLimit(['2025-06-01', '2025-06-11'], rules({ restriction: 'to_yesterday' }))).toBe(true);
    expect(typedOutOfLimit(['2025-06-01', '2025-06-10'], rules({ restriction: 'to_yesterday' }))).toBe(false);
    expect(typedOutOfLimit(['2025-06', '2025-06'], rules({ restriction: 'earlier_months', granularity: 'month' }))).toBe(true);
    expect(typedOutOfLimit(['2025-05', '2025-05'], rules({ restriction: 'earlier_months', granularity: 'month' }))).toBe(false);
    expect(typedOutOfLimit(['2025-0', ''], rules({ restriction: 'to_yesterday' }))).toBe(false);
    expect(typedOutOfLimit(['2025-06-12 10:00:00', ''], rules({ restriction: 'to_yesterday', granularity: 'datetime' }))).toBe(true);
  });

  it('rule 340: datetime times are edited per side', () => {
    expect(withTime(['2025-06-01 00:00:00', '2025-06-01 23:59:59'], 0, '10:00:00')).toEqual(['2025-06-01 10:00:00', '2025-06-01 23:59:59']);
    expect(withTime(['', ''], 0, '10:00:00')).toEqual(['', '']);
  });
});

interface HarnessProps {
  initial?: DateRange;
  granularity?: DateGranularity;
  restriction?: DateRestriction;
  onRefuse?: (message: string) => void;
}

function Harness({ initial = ['2025-06-10', '2025-06-10'], granularity, restriction, onRefuse }: HarnessProps) {
  const [state, setState] = useState<{ value: DateRange; code: ShortcutCode | null }>({ value: initial, code: 2 });
  return (
    <>
      <DateRangeInput
        label="营业日期"
        today={TODAY}
        value={state.value}
        shortcut={state.code}
        granularity={granularity}
        restriction={restriction}
        onRefuse={onRefuse}
        onChange={(value, code) => setState({ value, code })}
      />
      <output data-testid="state">{JSON.stringify(state)}</output>
    </>
  );
}

const stateOf = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as { value: DateRange; code: ShortcutCode | null };

describe('<DateRangeInput>', () => {
  it('rules 335, 339: a shortcut fills the trimmed range and records its code', async () => {
    renderWithProviders(<Harness restriction="to_yesterday" />);
    await userEvent.click(screen.getByLabelText('营业日期开始日期'));
    await userEvent.click(await screen.findByText('最近7天'));
    expect(stateOf()).toEqual({ value: ['2025-06-04', '2025-06-10'], code: 5 });
  });

  it('rule 338: a refused shortcut reports 选择日期超出限制 and keeps the range', async () => {
    const onRefuse = vi.fn();
    renderWithProviders(<Harness granularity="week" restriction="completed_weeks" initial={['2025-06-02', '2025-06-08']} onRefuse={onRefuse} />);
    await userEvent.click(screen.getByLabelText('营业日期开始日期'));
    await userEvent.click(await screen.findByText('本周'));
    expect(onRefuse).toHaveBeenCalledWith('选择日期超出限制');
    expect(stateOf().value).toEqual(['2025-06-02', '2025-06-08']);
  });

  it('rule 336: a hand edit clears the shortcut code', async () => {
    renderWithProviders(<Harness />);
    const start = screen.getByLabelText('营业日期开始日期');
    await userEvent.clear(start);
    await userEvent.type(start, '2025-06-01');
    await userEvent.tab();
    expect(stateOf()).toEqual({ value: ['2025-06-01', '2025-06-10'], code: null });
  });

  it('a date typed outside the restriction is refused with 选择日期超出限制 and the range stays', async () => {
    const onRefuse = vi.fn();
    renderWithProviders(<Harness restriction="to_yesterday" onRefuse={onRefuse} />);
    const end = screen.getByLabelText('营业日期结束日期');
    await userEvent.clear(end);
    await userEvent.type(end, '2025-06-12');
    await userEvent.tab();
    expect(onRefuse).toHaveBeenCalledWith('选择日期超出限制');
    expect(stateOf().value).toEqual(['2025-06-10', '2025-06-10']);
    expect(end).toHaveProperty('value', '2025-06-10');
  });

  it('a date typed as 2025/6/1 is read as 2025-06-01; one that is no date is refused with its message and the range stays', async () => {
    const onRefuse = vi.fn();
    renderWithProviders(<Harness onRefuse={onRefuse} />);
    const start = screen.getByLabelText('营业日期开始日期');
    await userEvent.clear(start);
    await userEvent.type(start, '2025/6/1');
    await userEvent.tab();
    expect(stateOf().value).toEqual(['2025-06-01', '2025-06-10']);
    await userEvent.clear(start);
    await userEvent.type(start, '2025-02-30');
    await userEvent.tab();
    expect(onRefuse).toHaveBeenCalledWith('日期格式不正确，请按 2025-06-01 输入');
    expect(stateOf().value).toEqual(['2025-06-01', '2025-06-10']);
    expect(start).toHaveProperty('value', '2025-06-01');
  });

  it('the clear button empties both ends', async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByLabelText('营业日期清空'));
    expect(stateOf()).toEqual({ value: ['', ''], code: null });
  });

  it('rule 131: days after yesterday are disabled in the calendar; picking two days sets the range', async () => {
    renderWithProviders(<Harness restriction="to_yesterday" />);
    await userEvent.click(screen.getByLabelText('营业日期开始日期'));
    await screen.findByText('昨天');
    const day = (d: number) => document.querySelector<HTMLButtonElement>(`button[aria-label="${d} 六月 2025"]`)!;
    expect(day(11).disabled).toBe(true);
    expect(day(10).disabled).toBe(false);
    await userEvent.click(day(3));
    await userEvent.click(day(5));
    expect(stateOf()).toEqual({ value: ['2025-06-03', '2025-06-05'], code: null });
  });

  it('rule 341: month pickers hold yyyy-MM', async () => {
    renderWithProviders(<Harness granularity="month" restriction="earlier_months" initial={['2025-04', '2025-05']} />);
    expect(screen.getByLabelText('营业日期开始月份')).toHaveProperty('value', '2025-04');
    await userEvent.click(screen.getByLabelText('营业日期开始月份'));
    await userEvent.click(await screen.findByText('上月'));
    expect(stateOf()).toEqual({ value: ['2025-05', '2025-05'], code: 7 });
  });
});
