import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { ConsoleSmsProvider } from './console.js';
import { SemaphoreSmsProvider } from './semaphore.js';

/** Every SMS goes through this interface; which gateway runs is configuration (SMS_PROVIDER). */
export interface SmsProvider {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
}

export function createSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  if (config.SMS_PROVIDER === 'semaphore') {
    return new SemaphoreSmsProvider(config.SEMAPHORE_API_KEY as string, config.SEMAPHORE_SENDER_NAME);
  }
  // Never in production: loadConfig refuses SMS_PROVIDER=console there (a code in a log reaches nobody).
  return new ConsoleSmsProvider(log);
}

export { inboundSmsToken, inboundTokenMatches } from './inbound-token.js';
