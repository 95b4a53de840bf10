import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { guardXml, XmlGuard, XmlRefused, type XmlLimits } from './xml-guard';

const SHEET = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><!-- a > comment --><sheetData>
<row r="1"><c r="A1" t="inlineStr"><is><t>a &amp; b &#65; &lt;c&gt;</t></is></c><c r="B1" s="1"/><c r="C1" t="s"><v>0</v></c></row>
<row r="2" x="a>b"><c r="A2"><v>1</v></c></row></sheetData><extra><![CDATA[ <x><x><x> ]]></extra></worksheet>`;

/** The refusal for `xml` fed in chunks of `size` bytes (chunk edges must not matter). */
function check(xml: string | Buffer, limits: XmlLimits, size = 7) {
  const guard = new XmlGuard(limits);
  const bytes = Buffer.isBuffer(xml) ? xml : Buffer.from(xml);
  for (let at = 0; at < bytes.length; at += size) if (guard.push(bytes.subarray(at, at + size))) break;
  return guard.refusal;
}

describe('XmlGuard', () => {
  it('passes a workbook part: declarations, comments, CDATA, references, quoted ">" and self-closing cells', () => {
    for (const size of [1, 3, 7, 4096]) expect(check(SHEET, { depth: 6, counted: { name: 'c', max: 3, per: 'row' } }, size)).toBeNull();
  });

  it('refuses nesting deeper than the limit as soon as it is reached, not after the file', () => {
    expect(check(SHEET, { depth: 5 })).toEqual({ kind: 'depth', max: 5 });
    const deep = Buffer.from('<worksheet>' + '<c>'.repeat(2_000_000));
    const guard = new XmlGuard({ depth: 64 });
    expect(guard.push(deep)).toEqual({ kind: 'depth', max: 64 });
  });

  it('counts closed elements out of the depth: siblings at any number stay shallow', () => {
    const wide = `<sst>${'<si><t>x</t></si>'.repeat(10_000)}</sst>`;
    expect(check(wide, { depth: 3 }, 4096)).toBeNull();
  });

  it('refuses more of a counted element than allowed, in the whole part or within each `per` element', () => {
    const strings = (n: number) => `<sst>${'<x:si><x:t>a</x:t></x:si>'.repeat(n)}</sst>`;
    expect(check(strings(5), { depth: 8, counted: { name: 'si', max: 5 } })).toBeNull();
    expect(check(strings(6), { depth: 8, counted: { name: 'si', max: 5 } })).toEqual({ kind: 'count', name: 'si', max: 5 });
    const rows = (cells: number) => `<sheetData>${`<row>${'<c/>'.repeat(cells)}</row>`.repeat(4)}</sheetData>`;
    expect(check(rows(3), { depth: 8, counted: { name: 'c', max: 3, per: 'row' } })).toBeNull();
    expect(check(rows(4), { depth: 8, counted: { name: 'c', max: 3, per: 'row' } })).toEqual({ kind: 'count', name: 'c', max: 3 });
  });

  it('refuses a NUL byte and a character reference to NUL, in text and attributes', () => {
    for (const xml of ['<a>x\0y</a>', '<a>x&#0;y</a>', '<a>&#x00;</a>', '<a b="&#000;"/>', '<a b="\0"/>']) expect(check(xml, { depth: 4 }), xml).toEqual({ kind: 'nul' });
    expect(check('<a b="&#48;">&#x30;&amp;</a>', { depth: 4 })).toBeNull();
  });

  it('refuses a DTD (a workbook part has none)', () => {
    expect(check('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a/>', { depth: 4 })).toEqual({ kind: 'declaration' });
  });

  it('as a stream: passes the bytes unchanged, or fails with the refusal', async () => {
    expect((await buffer(Readable.from([Buffer.from(SHEET)]).pipe(guardXml({ depth: 8 }, () => undefined)))).toString()).toBe(SHEET);
    const seen: unknown[] = [];
    const failed = await buffer(Readable.from([Buffer.from('<a><a><a>')]).pipe(guardXml({ depth: 2 }, (r) => seen.push(r)))).catch((e) => e);
    expect(failed).toBeInstanceOf(XmlRefused);
    expect(seen).toEqual([{ kind: 'depth', max: 2 }]);
  });
});
