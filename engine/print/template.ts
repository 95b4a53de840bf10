/**
 * The print-style template language (building blocks §3 "print style", document variant): a JSON
 * file a person writes and uploads as a style's template — page setup, the header fields, the line
 * table's columns and the totals. The JSON Schema in schemas/print-template.schema.json is generated
 * from these types (npm run gen:schema); docs/print-templates.md explains it with examples.
 */
import type { ColumnFormat } from '../wire';

/**
 * A field of the printed document: a header field name or a line column name, e.g. receive_no.
 * `$row` in a line column prints the line's number (1, 2, …).
 * @pattern ^(\$row|[a-z_][a-z0-9_]*)$
 */
export type PrintField = string;

/**
 * A label or a line of text. `{field}` is replaced by that header field's value, e.g. "单号：{receive_no}".
 * @maxLength 200
 */
export type PrintText = string;

/** Paper, orientation, margins (millimetres) and the base font size (points). */
export interface PageSetup {
  size?: 'A4' | 'A5' | 'B5' | 'LETTER';
  orientation?: 'portrait' | 'landscape';
  /**
   * @minimum 0
   * @maximum 50
   */
  margin_mm?: number;
  /**
   * @minimum 6
   * @maximum 16
   */
  font_size?: number;
}

/** One "label: value" pair of the header block. */
export interface HeaderField {
  label: PrintText;
  field: PrintField;
  format?: ColumnFormat;
}

/** One column of the line table. */
export interface LineColumn {
  label: PrintText;
  field: PrintField;
  /**
   * Relative width (the columns share the page in proportion); default 1.
   * @minimum 0.2
   * @maximum 10
   */
  width?: number;
  align?: 'left' | 'center' | 'right';
  format?: ColumnFormat;
}

/** A figure under the line table: the sum of a line column over all lines. */
export interface TotalField {
  label: PrintText;
  /** the line column summed */
  field: PrintField;
  format?: ColumnFormat;
}

export interface PrintTemplate {
  $schema?: string;
  /** printed at the top of every page, centred */
  title: PrintText;
  page?: PageSetup;
  /** @maxItems 40 */
  header: HeaderField[];
  /**
   * Header fields per row; default 3.
   * @minimum 1
   * @maximum 6
   */
  header_columns?: number;
  /**
   * @minItems 1
   * @maxItems 40
   */
  lines: LineColumn[];
  /** @maxItems 20 */
  totals?: TotalField[];
  /**
   * Lines of text after the table, e.g. "制单人：{created_by_name}    审核人：________".
   * @maxItems 10
   */
  footer?: PrintText[];
}

export type PrintValue = string | number | null;

/** What a style prints: one document's header fields and its lines (the renderer's whole input). */
export interface PrintDocument {
  header: Record<string, PrintValue>;
  lines: Record<string, PrintValue>[];
}
