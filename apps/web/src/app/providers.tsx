import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nProvider, type Language } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

export function AppProviders({
  children,
  queryClient,
  language,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  language?: Language;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nProvider language={language}>{children}</I18nProvider>
    </QueryClientProvider>
  );
}
