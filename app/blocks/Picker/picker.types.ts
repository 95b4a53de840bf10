/**
 * Declarative picker descriptions. A description says what a picker shows and
 * sends; the generic dialogs and the pure logic do the rest. Labels and messages are i18n keys.
 */
import type { BlockSession, ListQuery, ListRows, ListSourceId, TreeRows, TreeSourceId } from '../data-source/types';

export type CellFormat = 'text' | 'money' | 'qty' | 'rate';

export interface PickerColumn<R = any> {
  key: string;
  /** i18n key of the header */
  label: string;
  width?: number;
  format?: CellFormat;
  /** a derived cell; the row's own `key` field otherwise */
  value?: (row: R) => string | number | null | undefined;
  /** i18n key of a warning shown beside the cell (an expired lot), or null */
  mark?: (row: R) => string | null;
  /** shown only for these sessions (e.g. price columns on the supplier client) */
  visible?: (session: BlockSession) => boolean;
}

export interface PickerFilterOption {
  value: string;
  /** i18n key */
  label: string;
}

export interface PickerFilter {
  /** the query parameter it fills */
  key: string;
  /** i18n key */
  label: string;
  kind: 'text' | 'select';
  options?: PickerFilterOption[];
  /** i18n key of the warning shown when a search is made with this field empty (rule 376) */
  required?: string;
  visible?: (session: BlockSession) => boolean;
}

/** A paged table picker over one list source. */
export interface ListPickerDescription<S extends ListSourceId = ListSourceId> {
  kind: 'list';
  type: string;
  /** i18n key */
  title: string;
  source: S;
  columns: PickerColumn<ListRows[S]>[];
  filters: PickerFilter[];
  /** identity of a row in the chosen set */
  keyField: string;
  /** shown as 'code - name' */
  codeField: string;
  nameField: string;
  multiple: boolean;
  pageSize: number;
  /** the first load asks for more rows than a search (supplier: 100 then 20/50) */
  preloadSize?: number;
  /** the list comes whole in one call and is paged here by this size (group picker: 10) */
  localPageSize?: number;
  /** i18n key of the empty-confirmation message (rule 377 and the picker's own variants) */
  emptyMessage: string;
  /** parameters always sent, from the session (scene_auth, center_type, org filter, …) */
  fixedParams?: (session: BlockSession) => ListQuery;
  /** rows that cannot be chosen */
  selectable?: (row: ListRows[S]) => boolean;
  /** dialog width */
  size?: string | number;
}

/** A tree picker over one tree source. */
export interface TreePickerDescription<S extends TreeSourceId = TreeSourceId> {
  kind: 'tree';
  type: string;
  title: string;
  source: S;
  codeField: string;
  nameField: string;
  multiple: boolean;
  emptyMessage: string;
  /** nodes at this level are leaves (category: 3) */
  leafLevel?: number;
  levelField?: string;
  /** keys expanded when the tree opens (org: '1000' and '0') */
  defaultExpanded?: string[];
  /** most nodes loaded and chosen (org: 999) */
  limit?: number;
  fixedParams?: (session: BlockSession) => ListQuery;
}

/** The commodity picker is its own dialog; the registry only names it. */
export interface CommodityPickerDescription {
  kind: 'commodity';
  type: string;
  commodityType: number;
  multiple: boolean;
}

/**
 * Pickers with a dialog of their own (the multi-store chips, the favourites folders) or with none (the
 * scan field, which adds document lines only): the registry names them and their row's fields.
 */
export interface OwnPickerDescription {
  kind: 'multi_store' | 'favorite' | 'scan';
  type: string;
  codeField: string;
  nameField: string;
  multiple: boolean;
}

export type AnyPickerDescription = ListPickerDescription<any> | TreePickerDescription<any> | CommodityPickerDescription | OwnPickerDescription;

/** What a picker field keeps: enough to show 'code - name' without asking the server again. */
export interface Picked {
  code: string;
  name: string;
}

export type AnyTreeNode = TreeRows[TreeSourceId];
