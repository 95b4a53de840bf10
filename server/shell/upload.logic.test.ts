import { describe, expect, it } from 'vitest';
import { safeDirname, safeFileName, sniffMime, uploadIdOf } from './upload.logic';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? Array.from(v, (c) => c.charCodeAt(0)) : [v])));

describe('file type from the bytes (rules 301–302)', () => {
  it.each([
    ['image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['image/png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a)],
    ['image/gif', bytes('GIF89a')],
    ['video/ogg', bytes('OggS')],
    ['video/mp4', bytes(0, 0, 0, 0x18, 'ftypisom')],
    ['video/quicktime', bytes(0, 0, 0, 0x14, 'ftypqt  ')],
    ['video/3gpp', bytes(0, 0, 0, 0x14, 'ftyp3gp4')],
    ['video/x-ms-wmv', bytes(0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11)],
  ])('%s is recognised', (mime, head) => expect(sniffMime(head)).toBe(mime));

  it('anything else is not', () => {
    expect(sniffMime(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffMime(bytes('<svg'))).toBeNull();
    expect(sniffMime(new Uint8Array())).toBeNull();
  });
});

describe('names from the request', () => {
  it('folder names stay one safe segment', () => {
    expect(safeDirname('hmt-static', 'x')).toBe('hmt-static');
    expect(safeDirname('../etc', 'x')).toBe('x');
    expect(safeDirname(undefined, 'x')).toBe('x');
  });
  it('file names lose paths and control characters', () => {
    expect(safeFileName('C:\\Users\\a\\截图.png')).toBe('截图.png');
    expect(safeFileName('../../x\u0000.png')).toBe('x.png');
    expect(safeFileName('')).toBe('file');
  });
  it('saved addresses give back their upload id', () => {
    expect(uploadIdOf('/api/uploads/0b0e8d4c-9e7c-4a57-8f5a-0e9a6bb0c4d1')).toBe('0b0e8d4c-9e7c-4a57-8f5a-0e9a6bb0c4d1');
    expect(uploadIdOf('http://evil/api/uploads/0b0e8d4c-9e7c-4a57-8f5a-0e9a6bb0c4d1')).toBeNull();
  });
});
