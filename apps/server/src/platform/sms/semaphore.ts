import type { SmsProvider } from './index.js';

const ENDPOINT = 'https://api.semaphore.co/api/v4/messages';

/** Semaphore, a Philippine SMS gateway: one HTTPS form post per message (their documented v4 API). */
export class SemaphoreSmsProvider implements SmsProvider {
  readonly name = 'semaphore';
  constructor(
    private readonly apiKey: string,
    private readonly senderName: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(to: string, text: string): Promise<void> {
    const body = new URLSearchParams({
      apikey: this.apiKey,
      // Semaphore expects the local 09… form.
      number: to.replace(/^\+63/, '0'),
      message: text,
      sendername: this.senderName,
    });
    const response = await this.fetchImpl(ENDPOINT, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) {
      // The body may echo the message (a code): never log it, only the status.
      throw new Error(`SMS gateway answered ${response.status}`);
    }
  }
}
