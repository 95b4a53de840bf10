/**
 * A push's body as the loader's files (POST /api/ingest/<table>): CSV goes through as the table's one
 * file; NDJSON is split so that a fact header may carry its parts nested under the parts' table names
 * (a till sends an order with its lines and payments), each part row taking the header's key.
 * Counted and bounded here, before anything is staged.
 */
import { gunzipSync } from 'node:zlib';
import { HttpError } from '../http/errors';
import { familyOf } from './fact-families';

export const PUSH_LIMITS = {
  /** bytes of the body as sent and as unpacked */
  bytes: Number(process.env.HM_INGEST_MAX_BYTES ?? 64 * 1024 * 1024),
  /** rows of all tables together */
  rows: Number(process.env.HM_INGEST_MAX_ROWS ?? 200_000),
};

export const tooLarge = (what: string, en: string) => new HttpError(413, 'INGEST_TOO_LARGE', what, en);

/** The body unpacked (gzip) within the byte limit. */
export function unpack(body: Buffer, encoding: string | undefined): Buffer {
  if (!encoding || encoding === 'identity') return body;
  if (encoding !== 'gzip') throw new HttpError(415, 'INGEST_ENCODING', `不支持的压缩方式 ${encoding}：只收 gzip`, `unsupported Content-Encoding ${encoding}: gzip only`);
  try {
    return gunzipSync(body, { maxOutputLength: PUSH_LIMITS.bytes });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || /buffer/i.test((err as Error).message)) {
      throw tooLarge(`解压后超过 ${PUSH_LIMITS.bytes} 字节，请分批推送`, `more than ${PUSH_LIMITS.bytes} bytes unpacked: push smaller batches`);
    }
    throw new HttpError(400, 'INGEST_BAD_BODY', 'gzip 数据无法解压', 'the gzip body cannot be unpacked');
  }
}

export interface PushFiles {
  /** file name → content */
  files: Map<string, string>;
  rows: number;
}

function checkRows(rows: number): void {
  if (rows > PUSH_LIMITS.rows) throw tooLarge(`一批最多 ${PUSH_LIMITS.rows} 行（本批 ${rows} 行），请分批推送`, `at most ${PUSH_LIMITS.rows} rows a batch (this one has ${rows}): push smaller batches`);
}

export function csvFiles(table: string, text: string): PushFiles {
  const lines = text.split('\n').filter((l) => l.trim() !== '').length;
  checkRows(Math.max(0, lines - 1));
  return { files: new Map([[`${table}.csv`, text]]), rows: Math.max(0, lines - 1) };
}

export function ndjsonFiles(table: string, text: string): PushFiles {
  const family = familyOf(table);
  const parts = family?.header === table ? family.parts.map((p) => p.table) : [];
  const out = new Map<string, string[]>([[table, []], ...parts.map((p): [string, string[]] => [p, []])]);
  let rows = 0;
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new HttpError(400, 'INGEST_BAD_BODY', `第 ${i + 1} 行不是 JSON 对象`, `line ${i + 1} is not a JSON object`);
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new HttpError(400, 'INGEST_BAD_BODY', `第 ${i + 1} 行不是 JSON 对象`, `line ${i + 1} is not a JSON object`);
    const record = { ...(row as Record<string, unknown>) };
    for (const part of parts) {
      const nested = record[part];
      delete record[part];
      if (nested === undefined) continue;
      if (!Array.isArray(nested)) throw new HttpError(400, 'INGEST_BAD_BODY', `第 ${i + 1} 行的 ${part} 应为数组`, `${part} on line ${i + 1} must be an array`);
      for (const child of nested) {
        out.get(part)!.push(JSON.stringify({ [family!.key]: record[family!.key], ...(child as object) }));
        rows++;
      }
    }
    out.get(table)!.push(JSON.stringify(record));
    rows++;
  });
  checkRows(rows);
  const files = new Map<string, string>();
  for (const [t, lines] of out) if (lines.length) files.set(`${t}.ndjson`, `${lines.join('\n')}\n`);
  if (!files.size) files.set(`${table}.ndjson`, '');
  return { files, rows };
}
