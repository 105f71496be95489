import './lib/zod-csp';
import './mantine-styles.css';
import './app.css';
import { keepKioskInHistory } from './lib/kiosk-lock';

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

// The app's modules run in a few tasks, with a pause between them: React DOM; the data layer (React Query,
// tRPC); the components (Mantine); then the start. In one go they made one long task, a phone's main thread
// blocked for a few hundred milliseconds before the page could respond. The browser has them all already
// (index.html preloads them), so the steps wait for no download.
const start = async () => {
  for (const step of [() => import('react-dom/client'), () => import('./trpc'), () => import('./App')]) {
    await step();
    await nextTask();
  }
  await import('./boot');
};

/** Runs once the browser has shown the page's first content, or after 3 s at the latest. */
function afterFirstPaint(run: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  setTimeout(once, 3_000);
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(once);
    }).observe({ type: 'paint', buffered: true });
  } else {
    // The animation frame comes before the paint, the timeout after it.
    requestAnimationFrame(() => setTimeout(once));
  }
}

// The server sends the landing and login pages prerendered (vite.config.ts): the browser paints that markup
// first, then the app (downloaded meanwhile: index.html preloads it) runs and takes it over. Other pages, and
// a page opened in the background, start at once.
// A page reached by a step back from a kiosk loads the kiosk instead, and its own app does not start.
if (keepKioskInHistory()) {
  if (document.getElementById('root')!.firstElementChild && document.visibilityState === 'visible') afterFirstPaint(() => void start());
  else void start();
}
