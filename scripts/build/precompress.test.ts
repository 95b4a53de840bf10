import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress, precompressDir } from './precompress';

const root = mkdtempSync(join(tmpdir(), 'hm-precompress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip copies that decompress to the original, skipping tiny and binary files', async () => {
    mkdirSync(join(root, 'assets'));
    const js = Buffer.from('export const rows = [];\n'.repeat(400));
    writeFileSync(join(root, 'assets', 'app-1.js'), js);
    writeFileSync(join(root, 'tiny.css'), 'a{}');
    writeFileSync(join(root, 'logo.png'), Buffer.alloc(4096, 7));

    expect(await precompressDir(root)).toBe(1);

    const br = readFileSync(join(root, 'assets', 'app-1.js.br'));
    const gz = readFileSync(join(root, 'assets', 'app-1.js.gz'));
    expect(brotliDecompressSync(br).equals(js)).toBe(true);
    expect(gunzipSync(gz).equals(js)).toBe(true);
    expect(br.length).toBeLessThan(js.length / 10);
    expect(existsSync(join(root, 'tiny.css.br'))).toBe(false);
    expect(existsSync(join(root, 'logo.png.br'))).toBe(false);
  });

  it('compresses the build folder Vite was given, also an absolute one outside the project', async () => {
    const outside = join(root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'index.html'), '<p>门店</p>\n'.repeat(200));
    const plugin = precompress() as unknown as { configResolved(c: unknown): void; closeBundle(): Promise<void> };
    plugin.configResolved({ root: '/work/project', build: { outDir: outside } });
    await plugin.closeBundle();
    expect(existsSync(join(outside, 'index.html.br'))).toBe(true);
  });
});
