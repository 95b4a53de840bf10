/**
 * The report page's query state: initial values from the ReportConfig the server answered, pure
 * transitions for every user action, and the ReportQuery they send.
 */
import { todayIn } from '../dates';
import type { ReportConfig, ReportQuery } from '../wire';
import { buildRequest } from './request';
import { initialState } from './transitions';
import type { InitOptions } from './types';

export type { FilterValue, FormValues, InitOptions, Notice, ReportState } from './types';
export type { NumberRange } from './inputs';
export type { Message, NoticeCode } from './messages';
export { NOTICES } from './messages';
export {
  NUMBER_MIN,
  NUMBER_MAX,
  NUMBER_DECIMALS,
  TEXT_MAXLENGTH,
  numberBounds,
  parseNumberInput,
  formatNumberInput,
  orderNumberRange,
  setNumberSide,
  limitText,
  requestText,
} from './inputs';
export { filterItems, chipItems } from './form';
export { DATE_FIELDS, whereItems, buildWhereList, buildRequest, exportRequest, requiredDateMissing, checkRequired } from './request';
export {
  initialState,
  search,
  reset,
  refresh,
  setPage,
  setPageSize,
  toggleSort,
  changeTab,
  configLoaded,
  toggleChip,
  setFilter,
  setNumberBound,
  setDateRange,
  pickShortcut,
  clearNotice,
} from './transitions';

/**
 * The request of a page's default values, page 1 (what the page sends first; benchmarks and tests use
 * it). Not checked for required ranges: every default range kind yields dates. `now` is an instant (the
 * date in Asia/Shanghai is taken) or a 'YYYY-MM-DD' day.
 */
export function initialRequest(config: ReportConfig, now: Date | string, opts: InitOptions = {}): ReportQuery {
  return buildRequest(initialState(config, typeof now === 'string' ? now : todayIn(now), opts), config);
}
