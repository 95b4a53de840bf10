/**
 * The document definition language: report-defs/documents/*.json (`DocumentFile`), one file per
 * document type, "$schema" first. One generic list page, one detail page and one set of server
 * routes serve every document; what differs between documents (tables, columns, filters, states,
 * audit, attachments, import, lots, row scope) is a field here, never a branch in code.
 *
 * Identifiers (tables, columns) come only from definitions and are checked against the identifier
 * patterns; values are always bound parameters. The JSON Schema in schemas/ is generated from these
 * types (npm run gen:schema).
 */
import type { ClientType, ColumnFormat, OptionSource } from '../wire';
import type { I18nText, Ident, TableName } from '../definition/types';

/**
 * Document type key, used in URLs (/api/documents/{type}) and as the approval record's
 * business_type; equals the file name without .json.
 * @pattern ^[a-z][a-z0-9-]*$
 */
export type DocumentTypeId = string;

/**
 * State code as stored in the header's status column.
 * @pattern ^[0-9]{1,2}$
 */
export type StateCode = string;

/** What a user may do to a document in a state. */
export type DocumentAction = 'edit' | 'delete' | 'submit' | 'audit' | 'attach' | 'lots' | 'import';

/** Session values a scope rule or a fixed header field reads. */
export type DocumentSessionValue = 'org_code' | 'store_no' | 'supplier_no';

/** Form widgets of header fields and line columns. */
export type DocumentWidget = 'text' | 'textarea' | 'number' | 'date' | 'datetime' | 'select' | 'picker';

/**
 * Filter bar widgets (building blocks §4: pickers, date ranges, number ranges); `state` offers the
 * definition's own states.
 */
export type DocumentFilterWidget = 'text' | 'select' | 'multi_select' | 'picker' | 'date_range' | 'number_range' | 'state';

/**
 * A display value looked up from another table by the row's own column, e.g. the supplier name
 * beside supplier_no. The server adds the tenant equality.
 */
export interface Lookup {
  table: TableName;
  /** key column of the looked-up table */
  key: Ident;
  /** the shown column of the looked-up table */
  column: Ident;
}

/** What header fields and line columns have in common: a stored column and how it is entered. */
export interface StoredFieldDef {
  /** column of the header or line table */
  key: Ident;
  label: I18nText;
  widget: DocumentWidget;
  source?: OptionSource;
  required?: boolean;
  /** shown, never written by the client (the document number, the state, computed amounts) */
  readonly?: boolean;
  /** name column shown beside the code; a written code must exist there */
  lookup?: Lookup;
  /**
   * Query parameters the field's picker takes from the document's other fields: parameter → field key
   * (a line's own column first, else the header's). A written code must be one the picker offers for
   * those values (a location of the chosen warehouse, a lot of the line's goods at the document's org).
   */
  picker_params?: Record<string, Ident>;
  /**
   * @minimum 1
   * @maximum 500
   */
  maxlength?: number;
  /** number lower bound; with `exclusive_min` the value must be above it */
  min?: number;
  exclusive_min?: boolean;
  max?: number;
  /**
   * @minimum 0
   * @maximum 6
   */
  decimals?: number;
}

/** A column of the header table shown or edited in the header form. */
export interface HeaderFieldDef extends StoredFieldDef {
  /** value set from the session on create for these clients (their row scope column) */
  session?: { value: DocumentSessionValue; clients: ClientType[] };
  /** the form starts with this value */
  default_value?: string;
  /** fields hidden (and fixed by scope or session) for these clients */
  hidden_for?: ClientType[];
}

/**
 * A picker that adds lines (building blocks §6–§8): each goods row it returns becomes a new line, its
 * fields filling the line columns of the same name (sku_no, and lot_no from a batch-stock row).
 */
export interface LinePickerDef {
  /** one of the goods pickers: goods, goods_multi, favorite, batch_stock, scan */
  picker: string;
  label: I18nText;
  hidden_for?: ClientType[];
}

/** The product of two line columns, kept in a third on every write (amount = qty × price). */
export interface LineComputation {
  column: Ident;
  /**
   * @minItems 2
   * @maxItems 2
   */
  multiply: Ident[];
}

/** A column of the line table. */
export interface LineColumnDef extends StoredFieldDef {
  format?: ColumnFormat;
  /** column heading in the import template (defaults to the zh label) */
  import_heading?: string;
}

/** One column of the list page; a header column, or a looked-up name. */
export interface ListColumnDef {
  key: Ident;
  label: I18nText;
  format?: ColumnFormat;
  lookup?: Lookup;
  /** options shown instead of the stored code (states use the definition's own labels) */
  source?: OptionSource;
  sortable?: boolean;
  /** @minimum 40 */
  min_width?: number;
  hidden_for?: ClientType[];
}

/** One field of the filter bar, over a header column. */
export interface DocumentFilterDef {
  /** request parameter name; date and number ranges send {id}_start / {id}_end */
  id: Ident;
  label: I18nText;
  widget: DocumentFilterWidget;
  /** header column filtered */
  column: Ident;
  source?: OptionSource;
  /** text filters: exact match instead of contains */
  exact?: boolean;
  /**
   * @minimum 1
   * @maximum 200
   */
  maxlength?: number;
  min?: number;
  max?: number;
  /** kept by reset (building blocks §4) */
  not_to_clear?: boolean;
  hidden_for?: ClientType[];
}

/**
 * Toolbar function keys of the building blocks §9: 1 add, 2 edit, 3 delete, 4 save, 18 import,
 * 19 export, 20 print, 21 audit; the others are this product's: 22 submit, 23 attachments,
 * 24 lot allocation, 25 approval records, 26 close.
 */
export type FunctionKey = 1 | 2 | 3 | 4 | 18 | 19 | 20 | 21 | 22 | 23 | 24 | 25 | 26;

export interface ToolbarButtonDef {
  function_key: FunctionKey;
  label: I18nText;
  /** the button needs the document to allow this action in its state */
  action?: DocumentAction;
}

export interface ToolbarDef {
  /**
   * one of the six preset button sets (building blocks §9)
   * @minimum 1
   * @maximum 6
   */
  preset: number;
  /** buttons of the list page */
  list: ToolbarButtonDef[];
  /** buttons of the detail page */
  detail: ToolbarButtonDef[];
}

export interface StateDef {
  code: StateCode;
  label: I18nText;
  /** Mantine colour of the state badge */
  color?: string;
  actions: DocumentAction[];
  /** actions further allowed to these clients only (e.g. HMT may audit) */
  client_actions?: Partial<Record<ClientType, DocumentAction[]>>;
}

/** Where each audit result ('1' approve, '2' reject, '3' send back) moves a document. */
export interface AuditDef {
  /** the state a result moves the document to; the audit dialog offers each result given here */
  to: { '1': StateCode; '2'?: StateCode; '3'?: StateCode };
  /** building blocks §4: off → approve or reject; on → approve or send back */
  reject_flag: boolean;
  /** a reject ('2') needs a remark (请输入审核意见！) */
  remark_required: boolean;
}

/**
 * A file type the attachment list accepts.
 * @pattern ^[a-z0-9]+/[a-z0-9.+-]+$
 */
export type MimeType = string;

export interface AttachmentDef {
  /**
   * @minimum 1
   * @maximum 20
   */
  max_files: number;
  /** bytes (20971520 = 20 MB) */
  max_size: number;
  /** @minItems 1 */
  accept: MimeType[];
}

/** Lines read from a spreadsheet (building blocks §5 import; GET /api/import/item). */
export interface ImportDef {
  /**
   * the import type of /api/import/item?type= and POST /api/import/{type}
   * @pattern ^[a-z][a-z0-9_-]*$
   */
  type: string;
  /** bytes; default 52428800 (50 MB) */
  max_size?: number;
  /** line columns read, in template order */
  columns: Ident[];
  /** notes shown beside the template link */
  notes?: I18nText;
}

/** Lot allocation of the lines (building blocks §5). */
export interface LotsDef {
  /** store_lot_type written with each allocation; or a header column holding it */
  lot_type: { value: number } | { column: Ident };
  /** the lot type whose allocated total must equal the line quantity (领用 13) */
  exact_type?: number;
  /**
   * allowed decimal places of the allocated quantity
   * @minimum 0
   * @maximum 6
   */
  decimals: number;
  /** allocated quantity ≤ lot stock */
  stock_validation: boolean;
  /** lot prices shown as **.** */
  mask_price?: boolean;
  /** line column with the quantity to allocate */
  qty_column: Ident;
  /** header column with the org whose lot stock is used */
  org_column: Ident;
}

/**
 * How an approved document moves stock (docs/inventory.md): arriving in `state` posts every line to the
 * stock ledger, the position, its lots and the daily snapshots, in the transaction of the state change.
 */
export interface PostingDef {
  /** the state whose arrival posts the document; a document in it is never edited again */
  state: StateCode;
  /** stock-ledger document type (docs/inventory.md): fixed, or looked up from a header column's value */
  doc_type: { value: number } | { column: Ident; map: Record<string, number> };
  /** the ledger document types that bring stock in; every other type takes it out */
  inbound_types: number[];
  /** header column: the organisation whose stock moves */
  org_column: Ident;
  /** header column: the logistics centre of the position, when the document names one */
  center_column?: Ident;
  /** line column: the quantity (positive; the document type gives the direction) */
  qty_column: Ident;
  /** line column: the unit cost an inbound line enters at; without it, the position's moving average */
  unit_cost_column?: Ident;
  /** line columns given the cost the ledger booked (unit cost and positive amount) when the document posts */
  booked_cost?: { price: Ident; amount: Ident };
  /** inbound lines open a lot each: its number from this line column, or the document number and line */
  new_lot?: { lot_column: Ident; supplier_column?: Ident };
  /** line column naming the lot a line moves (an adjustment of one lot) */
  lot_column?: Ident;
  /** outbound lines take the lots allocated to them (lot allocation block, lot_allocation) */
  allocated_lots?: boolean;
}

/** Row scope: HMT sees its tenant's rows; HMD and HMS rows where column = the session value. */
export interface DocumentScopeRule {
  column: Ident;
  session: DocumentSessionValue;
}

export interface DocumentTables {
  header: TableName;
  lines: TableName;
  /** document number column, in the header and the lines */
  no_column: Ident;
  /** line number column of the lines */
  line_column: Ident;
  status_column: Ident;
  /** the document's business time column (set on create when empty) */
  time_column: Ident;
  /**
   * letters the server puts before a new number
   * @pattern ^[A-Z]{1,4}$
   */
  no_prefix: string;
}

export interface DocumentMenuDef {
  /**
   * menu id of the entry; also the permission leaf id
   * @pattern ^[a-z][a-z0-9-]*$
   */
  id: string;
  /** the menu group of the entry (engine/document/menu.ts DOCUMENT_GROUPS) */
  parent: string;
  sort: number;
}

/**
 * Printing with print styles (building blocks §3, §7): the 打印 buttons (function key 20) open the
 * print dialog on the styles of this print-style document type, and the server prints the document
 * it loads itself.
 */
export interface DocumentPrintDef {
  /**
   * the print-style document type (engine/print/styles.ts PRINT_SOURCE_TYPES)
   * @minimum 1
   */
  source_type: number;
}

export interface DocumentFile {
  $schema: string;
  /** file name without .json */
  id: DocumentTypeId;
  title: I18nText;
  /** @minItems 1 */
  clients: ClientType[];
  menu: DocumentMenuDef;
  tables: DocumentTables;
  scope: Partial<Record<'HMD' | 'HMS', DocumentScopeRule[]>>;
  list: {
    /** @minItems 1 */
    columns: ListColumnDef[];
    /** 'column asc|desc' */
    default_order_by: string;
    /** default page size (20) */
    page_size?: number;
  };
  filters: DocumentFilterDef[];
  toolbar: ToolbarDef;
  /** @minItems 1 */
  header: HeaderFieldDef[];
  /** @minItems 1 */
  lines: LineColumnDef[];
  /** how lines are added, in toolbar order; without it, the sku_no column's own picker */
  line_pickers?: LinePickerDef[];
  computed?: LineComputation[];
  /** @minItems 1 */
  states: StateDef[];
  /** the state of a new document */
  initial_state: StateCode;
  /** the state submit moves to */
  submitted_state: StateCode;
  audit?: AuditDef;
  attachments?: AttachmentDef;
  import?: ImportDef;
  lots?: LotsDef;
  posting?: PostingDef;
  print?: DocumentPrintDef;
}
