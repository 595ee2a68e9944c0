import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { ConsoleEmailProvider } from './console.js';

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
  if (config.APP_ENV === 'production') {
    log.warn('EMAIL_PROVIDER=console in production: emails (and invitation links) are written to the log, not sent');
  }
  return new ConsoleEmailProvider(log);
}

export { ConsoleEmailProvider };
