import { escapeHtml } from './html';

export interface LocalIdentity {
  email: string;
  name: string;
  picture?: string;
}

/** Ready-made identities for a quick pick; any other can be typed in. */
const PRESETS: LocalIdentity[] = [
  { email: 'ada@example.test', name: 'Ada Lovelace' },
  { email: 'grace@example.test', name: 'Grace Hopper' },
  { email: 'reader@scroll.test', name: 'Demo Reader' },
];

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#f5f7fa;color:#1a1b1e}
main{max-width:420px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:24px}
h1{font-size:20px;margin:0 0 4px}p{margin:0 0 16px;color:#5c5f66;font-size:14px}
label{display:block;font-size:14px;font-weight:500;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #ced4da;border-radius:4px;font-size:14px}
button{margin-top:16px;padding:8px 14px;border-radius:4px;border:1px solid #0A75E3;background:#0A75E3;color:#fff;font-size:14px;cursor:pointer}
button.secondary{background:#fff;color:#0A75E3}.presets button{margin:4px 4px 0 0;background:#fff;color:#1a1b1e;border-color:#ced4da}
.error{color:#c92a2a}h2{font-size:14px;margin:20px 0 4px}`;

/** The local provider's sign-in page: pick an identity or type one (email, name, optional picture). */
export function renderSignInPage(action: string, error?: string) {
  const presets = PRESETS.map(
    (p) => `<form method="post" action="${escapeHtml(action)}">
  <input type="hidden" name="email" value="${escapeHtml(p.email)}"><input type="hidden" name="name" value="${escapeHtml(p.name)}">
  <button type="submit">${escapeHtml(`${p.name} (${p.email})`)}</button></form>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local sign-in</title><style>${STYLE}</style></head><body><main>
<h1>Local OpenID provider</h1>
<p>Development stand-in for Google. Choose an identity or type one.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="off">
<label for="name">Name</label><input id="name" name="name" autocomplete="off">
<label for="picture">Picture URL (optional)</label><input id="picture" name="picture" type="url" autocomplete="off">
<button type="submit">Sign in</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
</form>
<h2>Or choose</h2><div class="presets">${presets}</div>
</main></body></html>`;
}
