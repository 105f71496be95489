import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { startHydrating } from './hooks/use-hydrated';
import { createOfflineQueryClient } from './lib/offline-query-client';
import { preloadPage } from './routes';
import { createTrpcClient } from './trpc';

/** Starts the app (client/main.tsx loads this): takes over a prerendered page, or renders into the empty root. */
const app = (
  <StrictMode>
    <App queryClient={createOfflineQueryClient()} trpcClient={createTrpcClient()} />
  </StrictMode>
);
const container = document.getElementById('root')!;
// In a transition, the hydration yields to the browser every few milliseconds instead of one long task.
if (container.firstElementChild) {
  startHydrating();
  preloadPage(window.location.pathname);
  startTransition(() => void hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
