import { describe, expect, it } from 'vitest';
import { PackedText } from '../db/packed-text';
import { EMPTY_TEXT, NULL_TEXT, SharedText } from './shared-strings';
import { numberColumn, NumberColumn, SheetRowEncoder, type RowPlan, type SheetColumn } from './sheet-rows';
import { escapeXml } from './xlsx-parts';

const plan = (styles: number[], blanks = styles.map(() => ''), points = styles.map(() => false)): RowPlan => ({ styles, blanks, points });

function encode(columns: SheetColumn[], rowCount: number, p: RowPlan, capacity?: number): string {
  const encoder = new SheetRowEncoder(capacity);
  const parts: Buffer[] = [];
  for (let r = 0; r < rowCount; ) {
    r = encoder.rows(columns, r, rowCount, 2 + r, p);
    parts.push(encoder.take());
  }
  return Buffer.concat(parts).toString('utf8');
}

/** The text of each number as the encoder writes it, one row each. */
function written(numbers: number[]): string[] {
  return [...encode([numbers], numbers.length, plan([0])).matchAll(/<v>([^<]*)<\/v>/g)].map((m) => m[1]);
}

describe('sheet rows', () => {
  it('writes numbers as numbers and text inline, keeping edge spaces; only the first cell names its reference', () => {
    expect(encode([[' x'], [3.5], [null]], 1, plan([1, 2, 2]))).toBe(
      '<row r="2"><c r="A2" s="1" t="inlineStr"><is><t xml:space="preserve"> x</t></is></c><c s="2"><v>3.5</v></c><c s="2"/></row>',
    );
  });

  it('shows an empty measure as its blank text and a rate change in points (rule §17)', () => {
    expect(encode([['店'], [null], [0.0312]], 1, plan([1, 2, 3], ['', '-', '-'], [false, false, true]))).toBe(
      '<row r="2"><c r="A2" s="1" t="inlineStr"><is><t>店</t></is></c><c s="2" t="inlineStr"><is><t>-</t></is></c>' +
        '<c s="3"><v>3.12</v></c></row>',
    );
  });

  it('escapes markup in ASCII and non-ASCII text, drops what XML cannot carry, keeps full-width edge spaces', () => {
    const xml = encode([['a<b>&"c"\u0007'], ['门店 & <仓>'], ['\u3000中']], 1, plan([0, 0, 0]));
    expect(xml).toContain('<t>a&lt;b&gt;&amp;&quot;c&quot;</t>');
    expect(xml).toContain('<t>门店 &amp; &lt;仓&gt;</t>');
    expect(xml).toContain('<t xml:space="preserve">\u3000中</t>');
  });

  it('writes any text as its escaped form, whichever way it takes', () => {
    const samples = ['商品A', 'a\tb', '行1\n行2\r', '门店\ufffe', '\u0001中', 'x\uffff', '"引号"', 'plain', 'é', '中 ', '\t中'];
    const texts = [...encode([samples], samples.length, plan([0])).matchAll(/<t(?: xml:space="preserve")?>([^<]*)<\/t>/g)].map((m) => m[1]);
    expect(texts).toEqual(samples.map(escapeXml));
  });

  it('writes text packed as code points byte for byte as it writes the same strings', () => {
    const alphabet = ['a', ' ', '中', '&', '<', '>', '"', '\t', '\n', '\r', '\u0001', '\u000b', '\u3000', '\u00a0', '😀', 'é', '\ufffe', '\uffff', '\u2028', 'Z'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const samples: (string | null)[] = [null, '', ' ', 'x'];
    for (let i = 0; i < 2000; i++) samples.push(Array.from({ length: Math.floor(next() * 6) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
    const p = plan([0, 1], ['', '-']);
    const asStrings = encode([samples, samples], samples.length, p, 512);
    expect(encode([PackedText.of(samples), PackedText.of(samples)], samples.length, p, 512)).toBe(asStrings);
    const left = PackedText.of(samples).without(5);
    expect(encode([left], samples.length - 1, p, 512)).toBe(encode([samples.filter((_, i) => i !== 5)], samples.length - 1, p, 512));
  });

  it('numbers rows on, stops when the buffer is full and goes on in the next one', () => {
    const names = Array.from({ length: 500 }, (_, i) => `商品${i}`);
    const xml = encode([names, names.map((_, i) => i * 1.5)], 500, plan([0, 1]), 4096);
    const rows = xml.match(/<row r="\d+">/g)!;
    expect(rows).toHaveLength(500);
    expect(rows[499]).toBe('<row r="501">');
    expect(xml).toContain('<c r="A501" t="inlineStr"><is><t>商品499</t></is></c><c s="1"><v>748.5</v></c>');
  });

  it('points a shared text at its index; an empty text is an empty cell, NULL its blank; style 0 goes unsaid', () => {
    const indexes = new SharedText(Int32Array.from([7, EMPTY_TEXT, NULL_TEXT, 1234567890]));
    const xml = encode([indexes, indexes, [1, 2, 3, 4]], 4, plan([0, 2, 0], ['', '-', '']));
    expect(xml.split('</row>').slice(0, 4)).toEqual([
      '<row r="2"><c r="A2" t="s"><v>7</v></c><c s="2" t="s"><v>7</v></c><c><v>1</v></c>',
      '<row r="3"><c r="B3" s="2"/><c><v>2</v></c>',
      '<row r="4"><c r="B4" s="2" t="inlineStr"><is><t>-</t></is></c><c><v>3</v></c>',
      '<row r="5"><c r="A5" t="s"><v>1234567890</v></c><c s="2" t="s"><v>1234567890</v></c><c><v>4</v></c>',
    ]);
  });

  it('leaves out an empty cell of the default style, and the cell after it names its reference', () => {
    const xml = encode([['a'], [''], [null], PackedText.of(['']), PackedText.of(['x&']), [5]], 1, plan([0, 0, 0, 0, 0, 3]));
    expect(xml).toBe('<row r="2"><c r="A2" t="inlineStr"><is><t>a</t></is></c><c r="E2" t="inlineStr"><is><t>x&amp;</t></is></c><c s="3"><v>5</v></c></row>');
  });

  it('gives a row larger than the buffer a buffer of its own', () => {
    const long = 'x'.repeat(10_000);
    expect(encode([[long]], 1, plan([0]), 1024)).toContain(`<t>${long}</t>`);
  });

  it('writes every number exactly as String does', () => {
    const samples = [0, -0, 1, -1, 7, 10, 100, 2 ** 31, 2 ** 40 - 1, 2 ** 40, 2 ** 53, 1e21, 0.1, 0.01, 0.05, 0.5, -0.07, 1.1, 12.3, 123.45, 99.99, 1e-7, 1.005, 0.28, 1 / 3, 1099511627775.99, 5e-324];
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 20_000; i++) {
      const magnitude = 10 ** Math.floor(random() * 14 - 2);
      samples.push(Math.round(random() * magnitude * 100) / 100, -Math.round(random() * magnitude), random() * magnitude);
    }
    const texts = written(samples);
    const wrong = samples.filter((n, i) => texts[i] !== String(n));
    expect(wrong).toEqual([]);
  });

  it('writes a column of numbers read as doubles byte for byte as the same values plain, NULLs as their blank, points too', () => {
    const values = [0, -0, 1.5, null, -7, 0.28307692307692306, 2 ** 40, 1e21, 123.45, undefined, 0.0312];
    const p = plan([0, 2, 3], ['', '-', '-'], [false, false, true]);
    const typed = numberColumn(values);
    expect(typed).toBeInstanceOf(NumberColumn);
    expect(encode([typed, typed, typed], values.length, p)).toBe(encode([values, values, values], values.length, p));
  });

  it('keeps a column as it is unless it holds finite numbers and NULLs only', () => {
    for (const values of [[1, 'x'], [1, Number.NaN], [Infinity], ['a', null]]) expect(numberColumn(values)).toBe(values);
    const packed = PackedText.of(['a']);
    expect(numberColumn(packed)).toBe(packed);
  });
});
