import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Router } from 'wouter';
import { OnlineStatus } from './components/OnlineStatus';
import { LoadErrorBoundary } from './components/PageLoadError';
import { AppRoutes } from './routes';
import { theme } from './theme';
import { type createTrpcClient, trpc } from './trpc';

// Toasts only follow an action, so the toaster loads after the first paint, off the critical path.
const Toasts = lazy(() => import('./components/Toasts').then((m) => ({ default: m.Toasts })));
// The service worker registers after the first paint too; the prompt shows only when an update waits.
const UpdatePrompt = lazy(() => import('./components/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

/** The toaster and the update prompt mount once the app is on screen: a prerendered page hydrates without them. */
function AfterFirstRender() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  // Their code not fetched (offline since the page loaded), the app goes on without them rather than blank.
  return (
    <LoadErrorBoundary what="The toaster and the update prompt" fallback={null}>
      <Suspense fallback={null}>
        <UpdatePrompt />
        <Toasts />
      </Suspense>
    </LoadErrorBoundary>
  );
}

interface AppProps {
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof createTrpcClient>;
  /** The page's path when the build prerenders it (client/prerender.tsx); the browser's location otherwise. */
  ssrPath?: string;
}

/** Placeholders in gray 6 (5.3:1 on white) rather than Mantine's gray 5 (2.1:1): some say what a field takes. */
const placeholderContrast: CSSVariablesResolver = (t) => ({ variables: {}, light: { '--mantine-color-placeholder': t.colors.gray[6] }, dark: {} });

export function App({ queryClient, trpcClient, ssrPath }: AppProps) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={placeholderContrast}>
          <Router ssrPath={ssrPath}>
            <AppRoutes />
          </Router>
          <OnlineStatus />
          <AfterFirstRender />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
