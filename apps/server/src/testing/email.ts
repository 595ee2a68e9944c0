import type { EmailMessage, EmailProvider } from '../platform/email/index.js';

/** Keeps every email so tests can read the link a person would have received. */
export class MemoryEmail implements EmailProvider {
  readonly name = 'memory';
  readonly sent: EmailMessage[] = [];
  /** When set, the next sends fail (a provider outage). */
  failing = false;

  async send(message: EmailMessage): Promise<void> {
    if (this.failing) throw new Error('email provider unavailable');
    this.sent.push(message);
  }

  lastTo(to: string): EmailMessage {
    const message = [...this.sent].reverse().find((m) => m.to === to);
    if (!message) throw new Error(`No email was sent to ${to}`);
    return message;
  }

  /** The invitation token in the last email to `to` (the link's `token` query parameter). */
  lastTokenFor(to: string): string {
    const token = this.lastTo(to).text.match(/[?&]token=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`No invitation link was sent to ${to}`);
    return token;
  }
}
