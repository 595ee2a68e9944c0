import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './index.js';

/** Local default: each message is one JSON log line ({ msg: "sms", sms: { to, text } }) for a person to read. */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console';
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(to: string, text: string): Promise<void> {
    this.log.info({ sms: { to, text } }, 'sms');
  }
}
