/**
 * Whether an upload is a password-protected Office file. Excel saves an encrypted xlsx not as a zip
 * but inside an OLE compound file (the old xls container) holding streams named EncryptionInfo and
 * EncryptedPackage; the name is found in the container's directory, stored as UTF-16LE.
 */
import { createReadStream } from 'node:fs';

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const NEEDLE = Buffer.from('EncryptedPackage', 'utf16le');

export const isCompoundFile = (head: Buffer) => head.length >= CFB_MAGIC.length && head.subarray(0, CFB_MAGIC.length).equals(CFB_MAGIC);

/** Whether the compound file at `path` holds an EncryptedPackage stream (searched chunk by chunk, edges overlapping). */
export async function holdsEncryptedPackage(path: string): Promise<boolean> {
  let carry = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    const window = Buffer.concat([carry, chunk]);
    if (window.includes(NEEDLE)) return true;
    carry = window.subarray(Math.max(0, window.length - NEEDLE.length + 1));
  }
  return false;
}
