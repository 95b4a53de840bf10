import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { holdsEncryptedPackage, isCompoundFile } from './encrypted-file';

const dir = mkdtempSync(join(tmpdir(), 'hm-encrypted-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const NAME = Buffer.from('EncryptedPackage', 'utf16le');

/** A compound-file-like upload of `size` bytes with the stream name at `at` (or none). */
function upload(size: number, at: number | null): string {
  const bytes = Buffer.alloc(size);
  MAGIC.copy(bytes);
  if (at !== null) NAME.copy(bytes, at);
  const path = join(dir, `f${size}-${at}.xlsx`);
  writeFileSync(path, bytes);
  return path;
}

describe('encrypted Office files', () => {
  it('knows the compound-file container by its eight magic bytes', () => {
    expect(isCompoundFile(MAGIC)).toBe(true);
    expect(isCompoundFile(Buffer.from('PK\u0003\u0004\u0000\u0000\u0000\u0000'))).toBe(false);
    expect(isCompoundFile(MAGIC.subarray(0, 4))).toBe(false);
  });

  it('finds the EncryptedPackage stream name anywhere, across the edge of the chunks it reads', async () => {
    expect(await holdsEncryptedPackage(upload(4096, 1152))).toBe(true);
    expect(await holdsEncryptedPackage(upload(3 << 20, (1 << 20) - 10))).toBe(true);
    expect(await holdsEncryptedPackage(upload(3 << 20, (3 << 20) - NAME.length))).toBe(true);
    expect(await holdsEncryptedPackage(upload(3 << 20, null))).toBe(false);
  });
});
