/**
 * Vite plugin: after the bundle is written, stores a brotli (`.br`) and a gzip (`.gz`) copy beside every
 * text asset worth compressing, so the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing on each request. Maximum levels: this runs once per build.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** below this a compressed copy saves less than the headers it costs */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes `.br` and `.gz` beside each compressible file of `dir`; returns how many files it compressed. */
export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = await readFile(file);
    if (body.length < MIN_BYTES) continue;
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gz(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    count++;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hm-precompress',
    apply: 'build',
    configResolved(config) {
      // `--outDir` may be absolute (a folder outside the repository): resolve, not join
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
