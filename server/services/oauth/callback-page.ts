import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { OAuthMessage } from '../../../shared/oauth';
import { escapeHtml, scriptJson } from './html';

/**
 * The page the popup lands on: it posts the outcome to the window that opened it, only to the
 * app's own origin, and closes. Its inline script runs under a CSP nonce of its own.
 */
export function sendCallbackPage(reply: FastifyReply, appOrigin: string, message: OAuthMessage, status = 200) {
  const nonce = randomBytes(16).toString('base64');
  const text = message.type === 'OAUTH_TOKEN_SUCCESS' ? 'Signed in. This window will close.' : message.error.message;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head>
<body><p>${escapeHtml(text)}</p><p>You can close this window.</p>
<script nonce="${nonce}">
(function () {
  var message = ${scriptJson(message)};
  if (window.opener) window.opener.postMessage(message, ${scriptJson(appOrigin)});
  window.close();
})();
</script></body></html>`;
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    .send(html);
}
