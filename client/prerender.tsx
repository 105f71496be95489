// The build's prerender (vite.config.ts) renders pages with this in Node: the markup a visitor who is
// not signed in sees first (the header waits for the session check), which the browser's app hydrates.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './App';
import { startHydrating } from './hooks/use-hydrated';
import { createQueryClient, createTrpcClient } from './trpc';

async function render(path: string): Promise<string> {
  startHydrating();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App queryClient={createQueryClient()} trpcClient={createTrpcClient()} ssrPath={path} />
    </StrictMode>,
    // One piece: React would otherwise move a large page out of its Suspense boundary, to be put in place by a script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The page's markup and the resource hints React gathered for it (for the document's head). The page
 * must be inline, not put in place by one of React's scripts: the CSP (script-src 'self') forbids them.
 */
export async function prerender(path: string): Promise<{ head: string; body: string }> {
  const html = await render(path);
  if (/<template|<script/.test(html)) throw new Error(`The prerender of ${path} still suspends.`);
  const hints = html.match(/^(<link [^>]*>)*/)![0];
  return { head: hints, body: html.slice(hints.length) };
}
