import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { PackedText } from '../db/packed-text';
import { SheetEncoders } from './sheet-encoders';
import { numberColumn, SheetRowEncoder, type RowPlan, type SheetColumn } from './sheet-rows';

const plan: RowPlan = { styles: [1, 1, 2, 3], blanks: ['', '', '-', '-'], points: [false, false, false, true] };

function chunk(from: number, rows: number): SheetColumn[] {
  const names = Array.from({ length: rows }, (_, i) => ((from + i) % 7 === 0 ? null : `门店<${from + i}> &${' '.repeat((from + i) % 2)}`));
  return [
    PackedText.of(names),
    names.map((n) => (n === null ? null : `S${n.length}`)),
    Array.from({ length: rows }, (_, i) => ((from + i) % 5 === 0 ? null : (from + i) * 1.25)),
    // numbers also as doubles: they cross to the thread as typed arrays
    numberColumn(Array.from({ length: rows }, (_, i) => (from + i) / 3000)),
  ];
}

/** The same rows encoded on this thread, as the export wrote them before the encoding threads. */
function here(columns: SheetColumn[], rows: number, firstRowNumber: number): Buffer {
  const encoder = new SheetRowEncoder();
  const parts: Buffer[] = [];
  for (let r = 0; r < rows; ) {
    r = encoder.rows(columns, r, rows, firstRowNumber + r, plan);
    parts.push(encoder.take());
  }
  return Buffer.concat(parts);
}

let pool: SheetEncoders | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

// threads start with the TypeScript loader: seconds on a machine busy with the rest of the suite
describe('sheet encoding threads', { timeout: 60_000 }, () => {
  it('answer each chunk with the bytes this thread writes, whichever thread took it, chunks in flight side by side', async () => {
    pool = new SheetEncoders(2);
    const sizes = [5000, 1, 30_000, 7, 4999];
    let first = 2;
    const jobs = sizes.map((rows, i) => {
      const columns = chunk(i * 100_000, rows);
      const job = { expected: here(columns, rows, first), answer: pool!.encode(plan, columns, rows, first) };
      first += rows;
      return job;
    });
    for (const { expected, answer } of jobs) expect(Buffer.concat(await answer).equals(expected)).toBe(true);
    // the 30,000-row chunk is over a megabyte: it comes back in several pieces
    expect((await jobs[2].answer).length).toBeGreaterThan(1);
  });

  it('a thread that dies fails the chunks it held, and a fresh thread takes the next ones', async () => {
    pool = new SheetEncoders(1);
    const columns = chunk(0, 50);
    await pool.encode(plan, columns, 50, 2);
    const held = pool.encode(plan, chunk(0, 200_000), 200_000, 2);
    await (pool as unknown as { threads: { worker: { terminate(): Promise<number> } }[] }).threads[0].worker.terminate();
    await expect(held).rejects.toThrow(/sheet encoding thread exited/);
    expect(Buffer.concat(await pool.encode(plan, columns, 50, 2)).equals(here(columns, 50, 2))).toBe(true);
  });

  it('keep a process alive while they encode and let it end once they are idle', () => {
    // a script whose only pending work is one chunk on the thread: it must get its answer, then exit
    const pool = new URL('./sheet-encoders.ts', import.meta.url).href;
    const script = `(async () => {
      const { SheetEncoders } = await import(${JSON.stringify(pool)});
      const pieces = await new SheetEncoders(1).encode({ styles: [0], blanks: [''], points: [false] }, [Array.from({ length: 200000 }, (_, i) => i)], 200000, 2);
      console.log('pieces', pieces.length);
    })();`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^pieces \d+/);
  });
});
