/** Loads of files a test writes: each load's files in a folder of their own, all removed by `cleanup`. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../server/db/types';
import { dataContract } from '../../server/ingest/contract-fs';
import { loadFolder, type LoadResult } from '../../server/ingest/load';

export function fileLoads(tenantId = 10139) {
  const contract = dataContract();
  const folders: string[] = [];
  const dir = () => {
    const made = mkdtempSync(join(tmpdir(), 'hm-load-test-'));
    folders.push(made);
    return made;
  };
  return {
    /** an empty folder of the test's own */
    dir,
    /** the files (name → lines) loaded into the database as one load */
    load(files: Record<string, string[]>, db: Db): Promise<LoadResult> {
      const folder = dir();
      for (const [name, lines] of Object.entries(files)) writeFileSync(join(folder, name), `${lines.join('\n')}\n`);
      return loadFolder({ target: db, contract, tenantId, folder, source: { kind: 'file' } });
    },
    cleanup(): void {
      for (const f of folders) rmSync(f, { recursive: true, force: true });
    },
  };
}
