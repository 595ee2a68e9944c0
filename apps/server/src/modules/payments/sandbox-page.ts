import { formatMoney } from '@hatid/domain';

/**
 * The sandbox provider's hosted pages: plain HTML forms (no script: the server's CSP allows none inline),
 * styled enough to read on a phone. They stand where Xendit's checkout, the bank's OTP page or the
 * e-wallet's consent page would.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Payment sandbox</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;display:flex;justify-content:center;padding:2rem 1rem}
main{background:#fff;border-radius:12px;box-shadow:0 1px 3px #0002;max-width:380px;width:100%;padding:1.5rem}
h1{font-size:1.1rem;margin:0 0 .25rem}.muted{color:#71717a;font-size:.85rem}.amount{font-size:2rem;font-weight:700;margin:1rem 0}
form{display:inline}button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #d4d4d8;background:#fff;cursor:pointer;margin:.25rem .25rem 0 0}
button.primary{background:#16a34a;color:#fff;border-color:#16a34a}.qr svg{width:220px;height:220px;display:block;margin:1rem auto}
input{font:inherit;padding:.5rem;border:1px solid #d4d4d8;border-radius:8px;width:8rem;letter-spacing:.3em}.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.75rem}
</style></head><body><main><span class="badge">Sandbox: no real money moves</span>${body}</main></body></html>`;
}

export function checkoutPage(input: { action: string; title: string; amountInCents: number; status: string; qrSvg: string | null; open: boolean }): string {
  const buttons = input.open
    ? input.qrSvg
      ? `<form method="post" action="${escapeHtml(input.action)}/scan"><button class="primary" type="submit">Simulate scan</button></form>
         <form method="post" action="${escapeHtml(input.action)}/fail"><button type="submit">Fail</button></form>`
      : `<form method="post" action="${escapeHtml(input.action)}/pay"><button class="primary" type="submit">Pay</button></form>
         <form method="post" action="${escapeHtml(input.action)}/fail"><button type="submit">Fail</button></form>`
    : `<p>This payment is <strong>${escapeHtml(input.status.toLowerCase())}</strong>.</p>`;
  return layout(
    input.title,
    `<h1>${escapeHtml(input.title)}</h1><p class="muted">Choose what the payer does.</p>
     <div class="amount">${escapeHtml(formatMoney(input.amountInCents))}</div>
     ${input.qrSvg && input.open ? `<div class="qr" aria-label="QR Ph code">${input.qrSvg}</div><p class="muted">Scan with a banking or e-wallet app, or simulate the scan.</p>` : ''}
     ${buttons}`,
  );
}

export function linkPage(input: { action: string; name: string; isBank: boolean; open: boolean; error?: string }): string {
  const otp = input.isBank
    ? `<p><label>One-time code from ${escapeHtml(input.name)} <br><input name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required></label></p>
       <p class="muted">The sandbox bank's code is 123456.</p>`
    : '';
  const body = input.open
    ? `<form method="post" action="${escapeHtml(input.action)}/authorize">${otp}<button class="primary" type="submit">Authorize</button></form>
       <form method="post" action="${escapeHtml(input.action)}/decline"><button type="submit">Decline</button></form>`
    : '<p>This link request is already settled.</p>';
  return layout(
    `Link ${input.name}`,
    `<h1>Link your ${escapeHtml(input.name)} account</h1><p class="muted">Hatid asks to charge this account when you top up.</p>
     ${input.error ? `<p style="color:#b91c1c">${escapeHtml(input.error)}</p>` : ''}${body}`,
  );
}
