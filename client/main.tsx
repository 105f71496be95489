import './lib/zod-csp';
import '@mantine/core/styles.css';

// The server sends the landing and login pages prerendered (vite.config.ts): the browser paints that markup
// first, then the app (downloaded meanwhile: index.html preloads it) runs and takes it over. The animation
// frame comes before that paint, the timeout after it. Other pages start at once.
const start = () => import('./boot');
if (document.getElementById('root')!.firstElementChild && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start));
else void start();
