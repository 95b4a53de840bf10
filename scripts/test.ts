/**
 * `npm test`: every check of the project, in order, stopping at the first red step.
 * Type check → definition validation → unit + integration (DuckDB) → the report suites again for other
 * days (DuckDB, HM_TODAY) → integration (PostgreSQL, on a throwaway local cluster; with the scale-out
 * test, which adds its own primary, `pg_basebackup -R` standby and second cluster) → SPA build →
 * end-to-end in Chromium → Storybook build.
 * Ends with one line `N passed, N failed` over all test runners.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { today } from '../server/clock';
import { findChromium } from './lib/chromium';
import { findPgBin, startPgCluster, type PgCluster } from './lib/pg-cluster';

const ROOT = join(import.meta.dirname, '..');
const REPORT_DIR = join(ROOT, '.tmp', 'test-reports');
const counts = { passed: 0, failed: 0 };
const skipE2e = process.env.HM_TEST_SKIP_E2E === '1';

/**
 * Days the report suites run on besides today: a Monday, a month start, a year
 * start and a leap day, where week, month and year rules and "yesterday" turn over.
 */
const OTHER_DAYS = ['2026-06-15', '2026-09-01', '2027-01-01', '2028-02-29'] as const;
/** The catalogue test and the suites that cross-check report totals against hand-written SQL. */
const REPORT_SUITES = [
  'tests/integration/catalogue.test.ts',
  'tests/integration/reports.test.ts',
  'tests/integration/reports-sales.test.ts',
  'tests/integration/reports-ops.test.ts',
] as const;

function step(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`✖ ${name} failed after ${secs}s`);
    finish(1);
  }
  console.log(`✔ ${name} (${secs}s)`);
}

function addVitestCounts(file: string): void {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  counts.passed += r.numPassedTests;
  counts.failed += r.numFailedTests;
}

function addPlaywrightCounts(file: string): void {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  counts.passed += r.stats.expected + r.stats.flaky;
  counts.failed += r.stats.unexpected;
}

/**
 * Replicas, shards and the Citus key check run on PostgreSQL clusters of their own, copied from the
 * PostgreSQL run's template: they belong to that step only.
 */
const SCALE_OUT_SUITE = 'tests/integration/scale-out.test.ts';

let cluster: PgCluster | null = null;

function finish(code: number): never {
  cluster?.stop();
  addVitestCounts(join(REPORT_DIR, 'vitest-duckdb.json'));
  addVitestCounts(join(REPORT_DIR, 'vitest-postgres.json'));
  for (const day of OTHER_DAYS) addVitestCounts(join(REPORT_DIR, `vitest-duckdb-${day}.json`));
  addPlaywrightCounts(join(REPORT_DIR, 'playwright.json'));
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  console.log(`\n${counts.passed} passed, ${counts.failed} failed`);
  process.exit(code);
}

/**
 * The report suites on the other days, two days side by side with one worker each: each day first
 * seeds its own template on one core, so pairs keep both cores busy where one day at a time left one idle.
 * Each day's output is kept in a log and printed when the day ends.
 */
async function otherDays(): Promise<void> {
  const name = `report suites on ${OTHER_DAYS.join(', ')} (DuckDB, two days at a time)`;
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const runDay = (day: string) =>
    new Promise<{ day: string; code: number | null; log: string }>((done) => {
      const log = join(REPORT_DIR, `vitest-duckdb-${day}.log`);
      const out = createWriteStream(log);
      const child = spawn(
        'npx',
        ['vitest', 'run', '--project', 'integration', ...REPORT_SUITES, '--maxWorkers=1', '--reporter=default', '--reporter=json',
          `--outputFile.json=${join(REPORT_DIR, `vitest-duckdb-${day}.json`)}`],
        { cwd: ROOT, env: { ...process.env, HM_TODAY: day, HM_DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
      child.on('close', (code) => out.end(() => done({ day, code, log })));
    });
  let failed = false;
  for (let i = 0; i < OTHER_DAYS.length; i += 2) {
    for (const r of await Promise.all(OTHER_DAYS.slice(i, i + 2).map(runDay))) {
      console.log(`\n── ${r.day}\n${readFileSync(r.log, 'utf8')}`);
      if (r.code !== 0) failed = true;
    }
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (failed) {
    console.error(`✖ ${name} failed after ${secs}s`);
    finish(1);
  }
  console.log(`✔ ${name} (${secs}s)`);
}

async function main(): Promise<void> {
  // Every step seeds "today" at its start and reads it later: pin the day of the whole run so that
  // passing midnight in the tenant zone (16:00 UTC) in the middle of a step changes nothing.
  process.env.HM_TODAY ||= today();
  console.log(`Business day of this run: ${process.env.HM_TODAY}`);
  rmSync(REPORT_DIR, { recursive: true, force: true });
  mkdirSync(REPORT_DIR, { recursive: true });
  const npx = 'npx';

  step('type check', npx, ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  step('report definitions', npx, ['tsx', 'scripts/validate-defs.ts']);
  step('unit and integration tests (DuckDB)', npx, [
    'vitest', 'run', '--exclude', SCALE_OUT_SUITE, '--reporter=default', '--reporter=json', `--outputFile.json=${join(REPORT_DIR, 'vitest-duckdb.json')}`,
  ]);
  await otherDays();

  const externalPg = process.env.HM_TEST_DATABASE_URL;
  if (!externalPg && !findPgBin()) {
    console.error('PostgreSQL is not installed: apt-get install postgresql (or set HM_TEST_DATABASE_URL)');
    finish(1);
  }
  cluster = externalPg ? null : await startPgCluster();
  step(
    'integration tests (PostgreSQL)',
    npx,
    ['vitest', 'run', '--project', 'integration', '--reporter=default', '--reporter=json',
      `--outputFile.json=${join(REPORT_DIR, 'vitest-postgres.json')}`],
    { HM_DATABASE_URL: externalPg ?? cluster!.url },
  );
  cluster?.stop();
  cluster = null;

  step('SPA build', npx, ['vite', 'build', '--logLevel', 'warn']);
  if (!skipE2e) {
    if (!findChromium() && !process.env.PLAYWRIGHT_BROWSERS_PATH) {
      console.error('No Chromium found: apt-get install chromium (or set CHROMIUM_PATH)');
      finish(1);
    }
    step('end-to-end (Chromium)', npx, ['playwright', 'test'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORT_DIR, 'playwright.json'),
    });
  }
  step('Storybook build', 'npm', ['run', 'build-storybook']);
  finish(0);
}

main().catch((err) => {
  console.error(err);
  finish(1);
});
