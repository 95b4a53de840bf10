import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1 };

/** md5 hex of the typed text: what the client sends instead of the password. */
export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Stored form: `scrypt$N$r$p$salt$hash` of the md5 hex the client sends. */
export async function hashPassword(md5hex: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(md5hex.toLowerCase(), salt, 32, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('hex'), hash.toString('hex')].join('$');
}

export async function verifyPassword(md5hex: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, saltHex, hashHex] = stored.split('$');
  if (kind !== 'scrypt' || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scrypt(md5hex.toLowerCase(), Buffer.from(saltHex, 'hex'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}
