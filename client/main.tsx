import './lib/zod-csp';
import '@mantine/core/styles.css';

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

// The server sends the landing and login pages prerendered (vite.config.ts): the browser paints that markup
// first, then the app (downloaded meanwhile: index.html preloads it) runs and takes it over. The animation
// frame comes before that paint, the timeout after it. Other pages start at once.
if (document.getElementById('root')!.firstElementChild && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start));
else void start();
