/**
 * The sign-in sandbox's consent page: a plain HTML form (no script: the CSP allows none inline) standing where
 * Google's account chooser would. The tester types who they are; Allow hands a code back to the callback.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Sign-in sandbox</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;display:flex;justify-content:center;padding:2rem 1rem}
main{background:#fff;border-radius:12px;box-shadow:0 1px 3px #0002;max-width:400px;width:100%;padding:1.5rem}
h1{font-size:1.1rem;margin:.5rem 0 .25rem}.muted{color:#52525b;font-size:.85rem}
label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}input[type=email],input[type=text]{font:inherit;padding:.5rem;border:1px solid #a1a1aa;border-radius:8px;width:100%;box-sizing:border-box}
.check{display:flex;gap:.5rem;align-items:center}button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #a1a1aa;background:#fff;cursor:pointer;margin:1rem .25rem 0 0}
button.primary{background:#0f766e;color:#fff;border-color:#0f766e}.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.75rem}
.error{color:#b91c1c}
</style></head><body><main><span class="badge">Sandbox: no real ${escapeHtml(title.includes('Google') ? 'Google' : 'provider')} account</span>${body}</main></body></html>`;
}

export interface ConsentPageInput {
  action: string;
  providerLabel: string;
  /** The authorization request, carried through the form unchanged. */
  hidden: Record<string, string>;
  email?: string;
  givenName?: string;
  familyName?: string;
  error?: string;
}

export function consentPage(input: ConsentPageInput): string {
  const hidden = Object.entries(input.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return layout(
    `Sign in with ${input.providerLabel}`,
    `<h1>Sign in with ${escapeHtml(input.providerLabel)}</h1>
     <p class="muted">Hatid asks for your name and email address. Type the account this test sign-in should be.</p>
     ${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
     <form method="post" action="${escapeHtml(input.action)}">${hidden}
       <label for="email">Email</label>
       <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(input.email ?? '')}" placeholder="juan@example.com">
       <label for="given_name">Given name</label>
       <input id="given_name" name="given_name" type="text" autocomplete="given-name" required maxlength="100" value="${escapeHtml(input.givenName ?? '')}" placeholder="Juan">
       <label for="family_name">Family name</label>
       <input id="family_name" name="family_name" type="text" autocomplete="family-name" maxlength="100" value="${escapeHtml(input.familyName ?? '')}" placeholder="dela Cruz">
       <label class="check"><input type="checkbox" name="email_verified" value="true" checked> The provider has verified this email</label>
       <button class="primary" type="submit" name="decision" value="allow">Allow</button>
       <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
     </form>`,
  );
}

export function badRequestPage(message: string): string {
  return layout('Sign-in request refused', `<h1>This sign-in request cannot be used</h1><p class="error" role="alert">${escapeHtml(message)}</p>`);
}
