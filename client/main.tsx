import './lib/zod-csp';
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { OnlineStatus } from './components/OnlineStatus';
import { createOfflineQueryClient } from './lib/offline-query-client';
import { AppRoutes } from './routes';
import { theme } from './theme';
import { createTrpcClient, trpc } from './trpc';

// Toasts only follow an action, so the toaster loads after the first paint, off the critical path.
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));
// The service worker registers after the first paint too; the prompt shows only when an update waits.
const UpdatePrompt = lazy(() => import('./components/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

function App() {
  const [queryClient] = useState(createOfflineQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme}>
          <AppRoutes />
          <OnlineStatus />
          <Suspense fallback={null}>
            <UpdatePrompt />
            <Toaster position="top-center" />
          </Suspense>
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
