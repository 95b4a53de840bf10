/**
 * The worksheets of an xlsx file on disk as exceljs's streaming row readers, each part taken from the
 * zip's central directory in the order the parts need each other: the workbook's relationships, the
 * workbook, the shared strings, then the sheets in their number order.
 *
 * exceljs's own streaming reader takes the parts in stored order from a single pass over the file.
 * exceljs writes the workbook part last (our import template included), and that pass now and then
 * ends without delivering it (exceljs issue 3064, open): a good file was then refused as unreadable.
 * Reading by directory also needs no temporary copy of a sheet stored before its strings. The part
 * parsers used here are WorkbookReader's own, undocumented in exceljs 4.4 (its last release).
 * Every part passes the XML guard (xml-guard.ts) on its way to the parser: a refusal fails the read
 * with XmlRefused before the parser holds what the part piles up.
 */
import ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';
import { guardXml, type XmlLimits } from './xml-guard';
import { entryStream, zipDirectory, type ZipEntry } from './zip-directory';

type Options = Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>;

/** The part parsers of exceljs 4.4's WorkbookReader. */
interface PartParsers {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: Readable, sheetNo: string): Generator<{ eventType: string; value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

export class UnreadableXlsx extends Error {}

/** What a workbook's parts may hold; far beyond an import's thousand lines, far below what stalls a parse. */
export const XLSX_LIMITS = {
  /** a sheet nests worksheet › sheetData › row › c › is › r › t: seven */
  depth: 64,
  /** an import's strings are a few thousand; each kept string costs memory until the read ends */
  sharedStrings: 200_000,
  /** Excel's own column limit (XFD) */
  rowCells: 16_384,
} as const;

const PART_LIMITS: Record<'other' | 'strings' | 'sheet', XmlLimits> = {
  other: { depth: XLSX_LIMITS.depth },
  strings: { depth: XLSX_LIMITS.depth, counted: { name: 'si', max: XLSX_LIMITS.sharedStrings } },
  sheet: { depth: XLSX_LIMITS.depth, counted: { name: 'c', max: XLSX_LIMITS.rowCells, per: 'row' } },
};

async function open(path: string, entry: ZipEntry | undefined, limits: XmlLimits = PART_LIMITS.other): Promise<Readable | null> {
  if (!entry) return null;
  const stream = await entryStream(path, entry);
  if (!stream) throw new UnreadableXlsx(`part ${entry.name} cannot be read`);
  const guarded = guardXml(limits, () => stream.destroy());
  stream.on('error', (err) => guarded.destroy(err));
  return stream.pipe(guarded);
}

export async function* xlsxWorksheets(path: string, options: Options): AsyncGenerator<ExcelJS.stream.xlsx.WorksheetReader> {
  const entries = await zipDirectory(path);
  if (typeof entries === 'string') throw new UnreadableXlsx(`zip directory: ${entries}`);
  const part = (name: string) => entries.find((e) => e.name === name);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, options) as unknown as PartParsers;
  const rels = await open(path, part('xl/_rels/workbook.xml.rels'));
  if (rels) await reader._parseRels(rels);
  const workbook = await open(path, part('xl/workbook.xml'));
  if (!workbook) throw new UnreadableXlsx('no workbook part');
  await reader._parseWorkbook(workbook);
  const strings = await open(path, part('xl/sharedStrings.xml'), PART_LIMITS.strings);
  if (strings) for await (const _ of reader._parseSharedStrings(strings));
  const sheets = entries
    .map((e) => ({ e, no: SHEET.exec(e.name)?.[1] }))
    .filter((s): s is { e: ZipEntry; no: string } => s.no !== undefined)
    .sort((a, b) => Number(a.no) - Number(b.no));
  for (const { e, no } of sheets) {
    const stream = (await open(path, e, PART_LIMITS.sheet))!;
    for (const { value } of reader._parseWorksheet(stream, no)) yield value;
  }
}
