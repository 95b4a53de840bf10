import { rmSync } from 'node:fs';

/** Removes the run's own database folder (about 160 MB of seeded data), not one named by HM_E2E_DATA_DIR. */
export default function teardown(): void {
  if (process.env.HM_E2E_DATA_DIR_MADE === '1' && process.env.HM_E2E_DATA_DIR) rmSync(process.env.HM_E2E_DATA_DIR, { recursive: true, force: true });
}
