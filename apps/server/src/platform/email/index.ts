import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { ConsoleEmailProvider } from './console.js';
import { SmtpEmailProvider } from './smtp.js';

export interface EmailMessage {
  to: string;
  subject: string;
  /** Plain text: every provider can send it and every reader can read it. */
  text: string;
}

/** Every email goes through this interface; which service sends it is configuration (EMAIL_PROVIDER). */
export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}

export function createEmailProvider(config: Config, log: FastifyBaseLogger): EmailProvider {
  if (config.EMAIL_PROVIDER === 'smtp') {
    return new SmtpEmailProvider({
      host: config.SMTP_HOST as string,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE,
      requireTls: config.SMTP_REQUIRE_TLS,
      user: config.SMTP_USER,
      password: config.SMTP_PASSWORD,
      from: config.EMAIL_FROM as string,
    });
  }
  // Never in production: loadConfig refuses EMAIL_PROVIDER=console there (an invitation in a log reaches nobody).
  return new ConsoleEmailProvider(log);
}

export { ConsoleEmailProvider, SmtpEmailProvider };
export { SmtpSendError, type SmtpSettings } from './smtp.js';
