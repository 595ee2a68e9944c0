import type { FastifyBaseLogger } from 'fastify';
import type { EmailMessage, EmailProvider } from './index.js';

/**
 * Local default: each message is one JSON log line ({ msg: "email", mail: { to, subject, text } }) for a
 * person to read, like the console SMS provider. `mail` is deliberately not a redacted log field
 * (platform/logging.ts): this provider exists to show a developer the message and its link.
 */
export class ConsoleEmailProvider implements EmailProvider {
  readonly name = 'console';
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: EmailMessage): Promise<void> {
    this.log.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'email');
  }
}
