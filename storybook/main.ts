import type { StorybookConfig } from '@storybook/react-vite';

/** Stories live beside their components (app/**\/*.story.tsx); the app's vite.config.ts is reused. */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../app/**/*.story.@(tsx|ts)'],
  core: { disableTelemetry: true },
  typescript: { reactDocgen: false },
  // the catalogue is browsed locally: no compressed copies of its build
  viteFinal: (vite) => ({
    ...vite,
    plugins: (vite.plugins ?? []).filter((p) => !(p && typeof p === 'object' && 'name' in p && p.name === 'hm-precompress')),
  }),
};

export default config;
