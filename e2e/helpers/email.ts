import fs from 'node:fs';

/**
 * Reads the emails the server's console email provider logged (one JSON line each:
 * `{"msg":"email","mail":{"to":"…","subject":"…","text":"…"}}`), as helpers/sms.ts reads texts.
 */
interface MailLine {
  to: string;
  subject: string;
  text: string;
}

function logPath(): string {
  const file = process.env.E2E_SERVER_LOG;
  if (!file) throw new Error('E2E_SERVER_LOG is not set: run the suite with `npm run test:e2e`');
  return file;
}

export function emailsTo(address: string): MailLine[] {
  const mails: MailLine[] = [];
  for (const line of fs.readFileSync(logPath(), 'utf8').split('\n')) {
    if (!line.includes('"mail"')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; mail?: MailLine };
      if (entry.msg === 'email' && entry.mail?.to === address) mails.push(entry.mail);
    } catch {
      // Not a JSON log line.
    }
  }
  return mails;
}

/**
 * Waits for an invitation email to the address and returns its link's path and query (`/register?token=…`),
 * to open against whatever address the tests run on.
 */
export async function waitForInvitationPath(address: string, { seen = 0, timeoutMs = 15_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = emailsTo(address);
    const newest = mails.length > seen ? mails[mails.length - 1] : undefined;
    const link = newest ? /(https?:\/\/\S+)?(\/register\?token=[^\s]+)/.exec(newest.text)?.[2] : undefined;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No invitation was emailed to ${address} within ${timeoutMs} ms`);
}
