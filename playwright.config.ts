import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findChromium } from './scripts/lib/chromium';

const port = Number(process.env.HM_E2E_PORT || 8181);
// a fresh embedded database per run: the server creates, migrates and seeds it on start. Made once, by
// the process that loads this file first (the workers inherit its environment), and removed by the
// teardown when the run made it
if (!process.env.HM_E2E_DATA_DIR) {
  process.env.HM_E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'hm-e2e-'));
  process.env.HM_E2E_DATA_DIR_MADE = '1';
}
const dataDir = process.env.HM_E2E_DATA_DIR;
const executablePath = findChromium() ?? undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/teardown.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    // the first start seeds the demo data through the loader: about two minutes on two idle cores
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      HM_DATA_DIR: dataDir,
      HM_DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  },
});
