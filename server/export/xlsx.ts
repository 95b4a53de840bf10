/**
 * Streams a report into an xlsx file formatted like the screen: a frozen header row, the rows, then the
 * totals row ('合计' in the first column). Each chunk's text columns are looked up in the shared-strings
 * table here; the chunk is then encoded as XML on a sheet-encoding thread while the next is read, and
 * goes in order into the zip's deflate stream, with back-pressure: a few chunks are in flight at most,
 * so memory stays flat for any number of rows (the table is bounded). The table's part comes last.
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Column, ReportRow } from '../../engine/wire';
import type { ColumnValues } from '../db/packed-text';
import { RepeatingText, SharedStrings } from './shared-strings';
import { sheetEncoders } from './sheet-encoders';
import { numberColumn, SheetRowEncoder, type RowPlan, type SheetColumn } from './sheet-rows';
import { ZipWriter, type ZipEntryWriter } from './zip';
import {
  packageParts,
  SHARED_STRINGS_TAIL,
  sharedStringItem,
  sharedStringsHead,
  SHEET_TAIL,
  sheetHead,
  sheetStyles,
  totalsCells,
} from './xlsx-parts';

export { sheetName } from './xlsx-parts';

/** A chunk of rows as the writer takes it: text columns may come as repeating text. */
export interface XlsxChunk {
  names: readonly string[];
  columns: readonly (ColumnValues | RepeatingText)[];
  rowCount: number;
}

export interface XlsxSource {
  title: string;
  columns: Column[];
  /** the rows, a chunk of columns at a time (found by each column's `value` among the chunk's names) */
  chunks: AsyncIterable<XlsxChunk>;
  /**
   * the totals row, written last in the same sheet; or asked for once the rows are written (a fused
   * statement brings it after its rows)
   */
  totals: ReportRow | null | (() => Promise<ReportRow | null>);
  /** the totals row's label in the request's language (default 合计) */
  totalsLabel?: string;
  onProgress?: (rowsWritten: number) => void;
}

/** Deflate level for the sheet: level 1 is several times faster than the default and ~20 % larger here. */
const SHEET_COMPRESSION = 1;

/** chunks handed to the encoding threads and not yet written: enough to keep each thread busy */
const CHUNKS_IN_FLIGHT = 3;

/** the shared-strings part goes to the deflater in pieces of about this size */
const FLUSH_BYTES = 1 << 20;

/**
 * A chunk's columns in the sheet's order as the encoder reads them: text as shared-string indexes
 * (while the table has room), numbers as doubles.
 */
function sheetColumnsOf(columns: readonly Column[], chunk: XlsxChunk, shared: SharedStrings): SheetColumn[] {
  const at = new Map(chunk.names.map((name, i) => [name, i]));
  return columns.map((c, position) => {
    const values = chunk.columns[at.get(c.value) ?? -1] ?? [];
    const text = shared.share(values, position);
    return text === values && !(values instanceof RepeatingText) ? numberColumn(values) : text;
  });
}

/** One row from a list of values, in the form the encoder reads: a column of one value each. */
const single = (values: unknown[]) => values.map((v) => [v]);

export async function writeReportXlsx(filename: string, source: XlsxSource): Promise<number> {
  const { columns } = source;
  const styles = sheetStyles(columns);
  const file = createWriteStream(filename);
  const done = finished(file);
  const zip = new ZipWriter(file);
  // the sheet's head, header row, totals row and tail are encoded here; the body on the encoding threads
  const encoder = new SheetRowEncoder();
  const blank = columns.map(() => '');
  const noPoints = columns.map(() => false);
  const body: RowPlan = {
    styles: styles.body,
    blanks: columns.map((c) => (c.type === '2' ? '-' : '')),
    points: columns.map((c) => c.format === 'pp'),
  };
  let sheet: ZipEntryWriter | null = null;
  const flush = async () => {
    if (sheet && encoder.size) await sheet.write(encoder.take());
  };
  const shared = new SharedStrings();
  let written = 0;
  const writeRows = async (values: readonly ColumnValues[], rowCount: number, firstRowNumber: number, plan: RowPlan) => {
    for (let r = 0; r < rowCount; ) {
      r = encoder.rows(values, r, rowCount, firstRowNumber + r, plan);
      if (r < rowCount) await flush();
    }
  };
  try {
    for (const [name, xml] of Object.entries(packageParts(source.title))) await zip.add(name, Buffer.from(xml));
    await zip.add('xl/styles.xml', Buffer.from(styles.xml));
    sheet = zip.stream('xl/worksheets/sheet1.xml', SHEET_COMPRESSION);
    encoder.raw(sheetHead(columns, styles));
    await writeRows(single(columns.map((c) => c.label)), 1, 1, { styles: columns.map(() => styles.header), blanks: blank, points: noPoints });
    await flush();
    const encoders = sheetEncoders();
    const inFlight: { rowCount: number; pieces: Promise<Buffer[]> }[] = [];
    const writeOldest = async () => {
      const { rowCount, pieces } = inFlight.shift()!;
      for (const piece of await pieces) await sheet!.write(piece);
      written += rowCount;
      source.onProgress?.(written);
    };
    let handedOut = 0;
    try {
      for await (const chunk of source.chunks) {
        const values = sheetColumnsOf(columns, chunk, shared);
        const pieces = encoders.encode(body, values, chunk.rowCount, handedOut + 2);
        // a failure is taken when its turn comes; until then it must not count as unhandled
        pieces.catch(() => undefined);
        inFlight.push({ rowCount: chunk.rowCount, pieces });
        handedOut += chunk.rowCount;
        if (inFlight.length >= CHUNKS_IN_FLIGHT) await writeOldest();
      }
      while (inFlight.length) await writeOldest();
    } finally {
      // an export that failed midway leaves nothing running behind it
      await Promise.allSettled(inFlight.map((c) => c.pieces));
    }
    const totals = typeof source.totals === 'function' ? await source.totals() : source.totals;
    if (totals) await writeRows(single(totalsCells(columns, totals, source.totalsLabel)), 1, written + 2, { styles: styles.bold, blanks: blank, points: noPoints });
    encoder.raw(SHEET_TAIL);
    await flush();
    await sheet.end();
    sheet = zip.stream('xl/sharedStrings.xml', SHEET_COMPRESSION);
    encoder.raw(sharedStringsHead(shared.count, shared.size));
    for (let i = 0; i < shared.size; i++) {
      encoder.raw(sharedStringItem(shared.at(i)));
      if (encoder.size >= FLUSH_BYTES) await flush();
    }
    encoder.raw(SHARED_STRINGS_TAIL);
    await flush();
    await sheet.end();
    await zip.finish();
  } catch (err) {
    file.destroy();
    await done.catch(() => undefined);
    throw err;
  }
  await done;
  return written;
}
