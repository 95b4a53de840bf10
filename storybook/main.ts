import type { StorybookConfig } from '@storybook/react-vite';

/** Stories live beside their components (app/**\/*.story.tsx); the app's vite.config.ts is reused. */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../app/**/*.story.@(tsx|ts)'],
  core: { disableTelemetry: true },
  typescript: { reactDocgen: false },
};

export default config;
