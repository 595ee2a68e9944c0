import fs from 'node:fs';

/**
 * Reads the text messages the server's console SMS provider logged (one JSON line each:
 * `{"msg":"sms","sms":{"to":"+639171234567","text":"Your Hatid sign-in code is 123456. ..."}}`).
 */
interface SmsLine {
  to: string;
  text: string;
}

function logPath(): string {
  const file = process.env.E2E_SERVER_LOG;
  if (!file) throw new Error('E2E_SERVER_LOG is not set: run the suite with `npm run test:e2e`');
  return file;
}

export function messagesTo(mobileNumber: string): SmsLine[] {
  const lines = fs.readFileSync(logPath(), 'utf8').split('\n');
  const messages: SmsLine[] = [];
  for (const line of lines) {
    if (!line.includes('"sms"')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; sms?: SmsLine };
      if (entry.msg === 'sms' && entry.sms?.to === mobileNumber) messages.push(entry.sms);
    } catch {
      // Not a JSON log line.
    }
  }
  return messages;
}

/** Waits for a message to the number beyond the first `seen` ones and returns its 6-digit code. */
export async function waitForOtp(mobileNumber: string, { seen = 0, timeoutMs = 15_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = messagesTo(mobileNumber);
    const newest = messages.length > seen ? messages[messages.length - 1] : undefined;
    const code = newest ? /\b(\d{6})\b/.exec(newest.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No code was texted to ${mobileNumber} within ${timeoutMs} ms`);
}
