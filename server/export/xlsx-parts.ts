/**
 * The XML parts of a one-sheet xlsx (SpreadsheetML), written as text: the fixed package parts, a styles
 * part with one cell format per column format (normal and bold), the sheet's head and tail, and the
 * shared-strings part. Every cell points at a shared style by index.
 */
import { PP_NUMBER_FORMAT, toPoints } from '../../engine/percentage-points';
import type { Column, ColumnFormat, ReportRow } from '../../engine/wire';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export const NUM_FMT: Record<ColumnFormat, string | undefined> = {
  text: undefined,
  date: undefined,
  int: '#,##0',
  qty: '#,##0.###',
  money: '#,##0.00',
  rate: '0.00%',
  pp: PP_NUMBER_FORMAT,
};
/** the first id free for custom number formats */
const FIRST_CUSTOM_FMT = 164;

// characters XML 1.0 cannot carry at all, and the three that need escaping in text and attributes
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const SPECIAL = /[&<>"]/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text with a space at either end (non-ASCII spaces too) keeps it only with `xml:space="preserve"`. */
export const EDGE_SPACE = /^\s|\s$/;

export function escapeXml(text: string): string {
  return text.replace(INVALID_XML, '').replace(SPECIAL, (c) => ENTITY[c]);
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Cell format indexes (cellXfs) for each column, normal and bold, plus the styles part that defines them. */
export interface SheetStyles {
  xml: string;
  body: number[];
  bold: number[];
  /** bold without a number format: the header row */
  header: number;
}

export function sheetStyles(columns: Column[]): SheetStyles {
  const formats = [...new Set(columns.map((c) => NUM_FMT[c.format]).filter((f): f is string => !!f))];
  const fmtId = (format: string | undefined) => (format ? FIRST_CUSTOM_FMT + formats.indexOf(format) : 0);
  const xfs: string[] = [];
  const index = new Map<string, number>();
  const xf = (numFmtId: number, bold: boolean) => {
    const key = `${numFmtId}:${bold}`;
    if (!index.has(key)) {
      index.set(key, xfs.length);
      const fmt = numFmtId ? ' applyNumberFormat="1"' : '';
      const font = bold ? ' applyFont="1"' : '';
      xfs.push(`<xf numFmtId="${numFmtId}" fontId="${bold ? 1 : 0}" fillId="0" borderId="0" xfId="0"${fmt}${font}/>`);
    }
    return index.get(key)!;
  };
  xf(0, false);
  const header = xf(0, true);
  const body = columns.map((c) => xf(fmtId(NUM_FMT[c.format]), false));
  const bold = columns.map((c) => xf(fmtId(NUM_FMT[c.format]), true));
  const numFmts = formats.map((f, i) => `<numFmt numFmtId="${FIRST_CUSTOM_FMT + i}" formatCode="${escapeXml(f)}"/>`).join('');
  const font = (b: boolean) => `<font>${b ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
  const xml =
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    (formats.length ? `<numFmts count="${formats.length}">${numFmts}</numFmts>` : '') +
    `<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>';
  return { xml, body, bold, header };
}

/** The package parts around the sheet: content types, relationships, workbook. */
export function packageParts(title: string): Record<string, string> {
  return {
    '[Content_Types].xml':
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
      '</Relationships>',
    'xl/workbook.xml':
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
      `<sheets><sheet name="${escapeXml(sheetName(title))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
      `<Relationship Id="rId3" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` +
      '</Relationships>',
  };
}

/** Column width in characters from the screen's min width in pixels. */
const widthOf = (c: Column) => Math.max(10, Math.min(40, Math.round((c.min_width || 100) / 8)));

/** Everything of the sheet part before its rows: frozen header pane and the columns' widths and styles. */
export function sheetHead(columns: Column[], styles: SheetStyles): string {
  const cols = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${widthOf(c)}" customWidth="1" style="${styles.body[i]}"/>`)
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    '<sheetData>'
  );
}

export const SHEET_TAIL = '</sheetData></worksheet>';

/** The shared-strings part's head: `count` cells point at `uniqueCount` texts. */
export function sharedStringsHead(count: number, uniqueCount: number): string {
  return `${XML_HEAD}<sst xmlns="${MAIN_NS}" count="${count}" uniqueCount="${uniqueCount}">`;
}

export const SHARED_STRINGS_TAIL = '</sst>';

/** One shared text, escaped, its edge spaces kept. */
export function sharedStringItem(text: string): string {
  const escaped = escapeXml(text);
  return EDGE_SPACE.test(escaped) ? `<si><t xml:space="preserve">${escaped}</t></si>` : `<si><t>${escaped}</t></si>`;
}

type Cell = string | number | null | undefined;

/** The totals row: its label ('合计') in the first column, measures from the totals, other dimensions empty. */
export function totalsCells(columns: Column[], totals: ReportRow, label = '合计'): Cell[] {
  return columns.map((c, i) => {
    if (c.type === '2') {
      const v = totals[c.value];
      if (v === null || v === undefined) return '-';
      return c.format === 'pp' && typeof v === 'number' ? toPoints(v) : v;
    }
    return i === 0 ? label : '';
  });
}
