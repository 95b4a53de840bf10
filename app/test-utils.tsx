/** Render helper for component tests: the app's providers (zh-CN), a fresh query client and a memory router. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './api/query-client';
import type { Locale } from './i18n';

export function renderWithProviders(ui: ReactElement, options: { locale?: Locale; route?: string } = {}) {
  return render(
    <AppProviders locale={options.locale ?? 'zh-CN'} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}
