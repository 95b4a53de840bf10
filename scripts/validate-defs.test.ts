import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tinyDataset, tinyReport } from '../engine/definition/fixtures';
import { validateDefs } from './validate-defs';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const dirs: string[] = [];

function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hm-defs-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'datasets'));
  mkdirSync(join(dir, 'reports'));
  for (const [name, json] of Object.entries(files)) {
    writeFileSync(join(dir, name), typeof json === 'string' ? json : JSON.stringify(json, null, 2));
  }
  return dir;
}

afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('validate:defs', () => {
  it('passes on the committed report-defs/', () => {
    const result = validateDefs(join(ROOT, 'report-defs'));
    expect(result.lines).toEqual([]);
    expect(result.reports).toBeGreaterThanOrEqual(13);
    expect(result.documents).toBe(3);
  });

  it('checks document definitions too, naming file and pointer', () => {
    const doc = JSON.parse(readFileSync(join(ROOT, 'report-defs/documents/purchase-receipt.json'), 'utf8'));
    doc.filters[0].column = 'nowhere';
    const dir = folder({ 'datasets/tiny.json': tinyDataset(), 'reports/901-test.json': tinyReport() });
    mkdirSync(join(dir, 'documents'));
    writeFileSync(join(dir, 'documents/purchase-receipt.json'), JSON.stringify(doc));
    writeFileSync(join(dir, 'documents/broken.json'), '{ not json');
    const { lines, ok } = validateDefs(dir);
    expect(ok).toBe(false);
    expect(lines.some((l) => /purchase-receipt\.json: \/filters\/0\/column: unknown header field "nowhere"$/.test(l))).toBe(true);
    expect(lines.some((l) => /documents\/broken\.json: \/: invalid JSON/.test(l))).toBe(true);
  });

  it('lists every problem of a folder of broken definitions as file: /pointer: message', () => {
    const report = tinyReport();
    report.chips.push({ dimension: 'missing_dim' });
    const dir = folder({
      'datasets/tiny.json': tinyDataset(),
      'datasets/broken.json': '{ not json',
      'reports/901-test.json': report,
      'reports/902-no-dataset.json': { ...tinyReport(), id: 902, dataset: 'nowhere' },
      'reports/903-schema.json': { ...tinyReport(), id: 903, clients: [] },
    });
    const { lines, ok } = validateDefs(dir);
    expect(ok).toBe(false);
    const rel = (p: string) => lines.some((l) => l.includes(p));
    expect(rel('broken.json: /: invalid JSON')).toBe(true);
    expect(lines.some((l) => /901-test\.json: \/chips\/3\/dimension: unknown dimension "missing_dim"$/.test(l))).toBe(true);
    expect(lines.some((l) => /902-no-dataset\.json: \/dataset: unknown dataset "nowhere"$/.test(l))).toBe(true);
    expect(lines.some((l) => /903-schema\.json: \/clients: must NOT have fewer than 1 items$/.test(l))).toBe(true);
  });

  it('exits non-zero from the command line when a definition is broken', () => {
    const dir = folder({ 'datasets/tiny.json': tinyDataset(), 'reports/901-test.json': { ...tinyReport(), dataset: 'nowhere' } });
    const run = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'scripts/validate-defs.ts'), dir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/901-test\.json: \/dataset: unknown dataset "nowhere"/);
  }, 30_000);

  it('copies of the committed definitions stay valid (no hidden dependency on the folder location)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hm-defs-copy-'));
    dirs.push(dir);
    cpSync(join(ROOT, 'report-defs'), dir, { recursive: true });
    expect(validateDefs(dir).ok).toBe(true);
    expect(readFileSync(join(dir, 'reports/070-store-gross-margin.json'), 'utf8')).toMatch(/^\{\n {2}"\$schema"/);
  });
});
