/** Pure date rules of the report page: defaults, restrictions, shortcuts, formats. `today` is 'YYYY-MM-DD'. */
export type { DateRange } from './format';
export { EMPTY_RANGE, formatDate, isValidDate, isCompleteRange, requestRange, coerceRange, weekOf } from './format';
export { HISTORY_DEFAULT_DAYS, defaultRange, defaultFor, defaultDates, previousPeriod } from './defaults';
export type { EnabledBounds } from './restrictions';
export { enabledBounds, isDisabled, rangeAllowed, threeMonthCutoff, trimRange } from './restrictions';
export type { ShortcutCode, ShortcutResult, ShortcutVariant } from './shortcuts';
export { SHORTCUTS, DATE_OUT_OF_LIMIT, shortcutVariant, shortcutCodes, shortcutRange, applyShortcut } from './shortcuts';
export { dateTimeIn, DEFAULT_TIME_ZONE, todayIn } from './today';
