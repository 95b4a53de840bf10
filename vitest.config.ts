import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // two cores here: keep parallelism modest
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // one module graph per worker, not per file: every file importing the server re-evaluated it
          isolate: false,
          include: ['engine/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          isolate: false,
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          isolate: false,
          include: ['app/**/*.test.{ts,tsx}'],
          setupFiles: ['app/test-setup.ts'],
          // room for the 5 s async waits of test-setup.ts
          testTimeout: 20_000,
          // @rjsf/mantine imports dayjs plugins without their .js extension, which Node's ESM loader refuses
          server: { deps: { inline: ['@rjsf/mantine'] } },
        },
      },
    ],
  },
});
