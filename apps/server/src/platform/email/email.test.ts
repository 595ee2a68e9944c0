import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { loggerOptions } from '../logging.js';
import { ConsoleEmailProvider, createEmailProvider } from './index.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('email providers', () => {
  it('console: one JSON line per message, readable through the redacting logger', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: loggerOptions('info', stream) });
    const provider = new ConsoleEmailProvider(app.log);
    await provider.send({ to: 'ana@example.ph', subject: 'Hello', text: 'Open https://x.test/register?token=abc' });
    expect(lines).toHaveLength(1);
    await app.close();
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'email',
      mail: { to: 'ana@example.ph', subject: 'Hello', text: 'Open https://x.test/register?token=abc' },
    });
  });

  it('EMAIL_PROVIDER defaults to console, smtp sends through SMTP_HOST; PUBLIC_URL defaults to this server and loses a trailing slash', () => {
    const config = loadConfig({ PORT: '4100' });
    expect(config.EMAIL_PROVIDER).toBe('console');
    expect(config.PUBLIC_URL).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://hatid.ph/app/' }).PUBLIC_URL).toBe('https://hatid.ph/app');
    expect(() => loadConfig({ PUBLIC_URL: 'hatid.ph' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ EMAIL_PROVIDER: 'carrier-pigeon' })).toThrow(/EMAIL_PROVIDER/);
    expect(createEmailProvider(loadConfig({}), Fastify({ logger: false }).log).name).toBe('console');
    const smtp = loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example.ph', EMAIL_FROM: 'no-reply@hatid.ph' });
    expect(createEmailProvider(smtp, Fastify({ logger: false }).log).name).toBe('smtp');
  });
});
