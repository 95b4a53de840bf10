import type { Preview } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import 'mantine-react-table/styles.css';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/api/query-client';

/** Every story gets the app's providers in zh-CN and a memory router (no server, no browser history). */
const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
  decorators: [
    (Story, context) => (
      <AppProviders locale="zh-CN" queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={[(context.parameters.route as string | undefined) ?? '/']}>
          <Story />
        </MemoryRouter>
      </AppProviders>
    ),
  ],
};

export default preview;
