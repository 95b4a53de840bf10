/**
 * Everything a screen needs around it except the router: Mantine (theme, dates locale, toasts, modals),
 * react-query and i18n. Shared by the app, Storybook and component tests.
 */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient as appQueryClient } from './api/query-client';
import { dayjsLocaleOf, I18nProvider, useLocale, type Locale } from './i18n';
import { cssVariablesResolver, theme } from './theme';

function MantineWithLocale({ children, env }: { children: ReactNode; env?: 'test' }) {
  const { locale } = useLocale();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <DatesProvider settings={{ locale: dayjsLocaleOf(locale), firstDayOfWeek: 1 }}>
        {/* toasts at the top, short */}
        <Notifications position="top-center" autoClose={3000} limit={3} />
        <ModalsProvider>{children}</ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}

interface Props {
  children: ReactNode;
  locale?: Locale;
  queryClient?: QueryClient;
  /** 'test': no transitions and no portals, for tests that must not depend on animation timers */
  env?: 'test';
}

export function AppProviders({ children, locale, queryClient = appQueryClient, env }: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale={locale}>
        <MantineWithLocale env={env}>{children}</MantineWithLocale>
      </I18nProvider>
    </QueryClientProvider>
  );
}
