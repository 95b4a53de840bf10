/**
 * Hand-made xlsx files for the import's tests: the smallest parts a reader needs, a sheet and shared
 * strings written as given (in pieces, so a part can inflate to hundreds of megabytes from a small
 * file), and the hostile files the import refuses.
 */
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { ZipWriter } from '../export/zip';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="导入" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
const TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`;

type Part = string | (() => Iterable<string>);

/** A part's text in pieces of about a megabyte. */
function* pieces(part: Part): Iterable<Buffer> {
  if (typeof part === 'string') {
    yield Buffer.from(part);
    return;
  }
  let batch: string[] = [];
  let size = 0;
  for (const text of part()) {
    batch.push(text);
    size += text.length;
    if (size >= 1 << 20) {
      yield Buffer.from(batch.join(''));
      batch = [];
      size = 0;
    }
  }
  if (batch.length) yield Buffer.from(batch.join(''));
}

/** An xlsx of one sheet (and shared strings when given), written to `path` and returned as bytes. */
export async function rawXlsx(path: string, parts: { sheet: Part; sharedStrings?: Part; extra?: string[] }): Promise<Buffer> {
  const file = createWriteStream(path);
  const done = finished(file);
  const zip = new ZipWriter(file);
  await zip.add('[Content_Types].xml', Buffer.from(TYPES));
  await zip.add('xl/workbook.xml', Buffer.from(WORKBOOK));
  await zip.add('xl/_rels/workbook.xml.rels', Buffer.from(RELS));
  for (const [name, part] of [['xl/sharedStrings.xml', parts.sharedStrings], ['xl/worksheets/sheet1.xml', parts.sheet]] as const) {
    if (part === undefined) continue;
    const entry = zip.stream(name, 9);
    for (const piece of pieces(part)) await entry.write(piece);
    await entry.end();
  }
  for (const name of parts.extra ?? []) await zip.add(name, Buffer.from('<x/>'));
  await zip.finish();
  file.end();
  await done;
  const bytes = readFileSync(path);
  rmSync(path);
  return bytes;
}

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A sheet of inline-string rows (row 1 = the headings). */
export const sheetOf = (rows: string[][]) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${rows
    .map((r, i) => `<row r="${i + 1}">${r.map((t, j) => cell(`${String.fromCharCode(65 + j)}${i + 1}`, t)).join('')}</row>`)
    .join('')}</sheetData></worksheet>`;

/** The probe's file: a cell nesting `depth` cells (2,000,000 make a file of some 40 kB). */
export const nestedSheet = (depth: number): Part =>
  function* () {
    yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData><row r="1">`;
    for (let i = 0; i < depth; i += 10_000) yield '<c r="A1">'.repeat(Math.min(10_000, depth - i));
  };

/** `count` shared strings of `text` each (14 M of one letter deflate to under a megabyte). */
export const manyStrings = (count: number, text = 'x'): Part =>
  function* () {
    yield `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">`;
    const si = `<si><t>${text}</t></si>`;
    for (let i = 0; i < count; i += 10_000) yield si.repeat(Math.min(10_000, count - i));
    yield '</sst>';
  };

/** A sheet whose first row uses shared strings 0 and 1 as the headings. */
export const headingsFromStrings = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row></sheetData></worksheet>`;
