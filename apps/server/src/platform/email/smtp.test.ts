import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../seed/index.js';
import { SESSION_COOKIE, createSession } from '../../modules/auth/index.js';
import { findUserByEmail } from '../../modules/users/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { SmtpEmailProvider, SmtpSendError } from './index.js';

/**
 * EMAIL_PROVIDER=smtp against a real SMTP server on a free local port (the smtp-server package): what the
 * relay receives is what the invited person gets. The server's certificate is a self-signed one for 127.0.0.1
 * made by openssl for this run (no private key lives in the repository); the client trusts it through
 * `tls.ca`, never by switching certificate checks off.
 */
function selfSignedFor127(): { cert: Buffer; key: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-smtp-tls-'));
  const [certFile, keyFile] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const pair = { cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) };
  fs.rmSync(dir, { recursive: true, force: true });
  return pair;
}
const { cert: TEST_CERT, key: TEST_KEY } = selfSignedFor127();
const USER = 'hatid-mailer';
const PASSWORD = 'correct-horse-battery-staple';

interface Received {
  from: string;
  to: string[];
  raw: string;
  secure: boolean;
  user: string | undefined;
}

interface Relay {
  port: number;
  received: Received[];
  logins: { user: string | undefined; ok: boolean }[];
  /** From now on every login is refused (a changed or revoked password). */
  refuseLogins: boolean;
  close(): Promise<void>;
}

async function startRelay(options: SMTPServerOptions = {}): Promise<Relay> {
  const received: Received[] = [];
  const logins: Relay['logins'] = [];
  const state = { refuseLogins: false };
  const server = new SMTPServer({
    logger: false,
    disabledCommands: [],
    authOptional: true,
    key: TEST_KEY,
    cert: TEST_CERT,
    onAuth(auth, _session, callback) {
      const ok = !state.refuseLogins && auth.username === USER && auth.password === PASSWORD;
      logins.push({ user: auth.username, ok });
      if (ok) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(state, { port, received, logins, close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}

/** The headers (unfolded) and the text body of a message as the relay received it (quoted-printable decoded). */
function parse(raw: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const headers = Object.fromEntries(
    head
      .replace(/\r\n[ \t]+/g, ' ')
      .split('\r\n')
      .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  let body = rest.join('\r\n\r\n');
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? '')) {
    body = Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`),
      'utf8',
    ).toString();
    body = decodeURIComponent(body.replace(/%(?![0-9A-F]{2})/g, '%25'));
  }
  return { headers, body };
}

const relays: Relay[] = [];
async function relay(options?: SMTPServerOptions) {
  const started = await startRelay(options);
  relays.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.close()));
});

const message = { to: 'nora@hatid.test', subject: 'You are invited to Hatid', text: 'Set your password: https://hatid.example.ph/register?token=abc' };
const provider = (port: number, extra: Partial<ConstructorParameters<typeof SmtpEmailProvider>[0]> = {}) =>
  new SmtpEmailProvider({
    host: '127.0.0.1',
    port,
    secure: false,
    requireTls: true,
    from: 'Hatid <no-reply@hatid.example.ph>',
    tls: { ca: TEST_CERT },
    ...extra,
  });

describe('the SMTP provider', () => {
  it('STARTTLS (required by default): upgrades, logs in and delivers', async () => {
    const server = await relay({ authMethods: ['PLAIN', 'LOGIN'] });
    await provider(server.port, { user: USER, password: PASSWORD }).send(message);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ from: 'no-reply@hatid.example.ph', to: ['nora@hatid.test'], secure: true, user: USER });
    expect(parse(server.received[0]!.raw).headers.subject).toBe('You are invited to Hatid');
  });

  it('SMTP_SECURE: TLS from the first byte', async () => {
    const server = await relay({ secure: true });
    await provider(server.port, { secure: true }).send(message);
    expect(server.received[0]).toMatchObject({ to: ['nora@hatid.test'], secure: true });
  });

  it('a server that offers no STARTTLS gets nothing, login included, while TLS is required; without the requirement it gets the message', async () => {
    const server = await relay({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    const failure = await provider(server.port, { user: USER, password: PASSWORD })
      .send(message)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SmtpSendError);
    expect(failure).toMatchObject({ code: 'ETLS' });
    expect((failure as Error).message).toMatch(new RegExp(`^SMTP 127\\.0\\.0\\.1:${server.port}: no TLS connection could be made .*SMTP_REQUIRE_TLS=true`));
    expect(server.logins).toEqual([]);
    expect(server.received).toEqual([]);

    await provider(server.port, { requireTls: false }).send(message);
    expect(server.received[0]).toMatchObject({ to: ['nora@hatid.test'], secure: false });
  });

  it('a certificate the client does not trust is refused', async () => {
    const server = await relay();
    const failure = await provider(server.port, { tls: {} })
      .send(message)
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'SmtpSendError' });
    expect(server.received).toEqual([]);
  });
});

describe('an invitation through EMAIL_PROVIDER=smtp', () => {
  let server: Relay;
  let t: TestApp;
  let cookie: string;
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const smtpConfig = (port: number) => ({
    EMAIL_PROVIDER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    // The test relay speaks plain SMTP (its certificate is not one the app's configuration can trust).
    SMTP_REQUIRE_TLS: 'false',
    SMTP_USER: USER,
    SMTP_PASSWORD: PASSWORD,
    EMAIL_FROM: 'Hatid <no-reply@hatid.example.ph>',
    PUBLIC_URL: 'https://hatid.example.ph',
    LOG_LEVEL: 'info',
  });
  const inviteOn = async (app: TestApp, as: string, email: string) =>
    app.app.inject({ method: 'POST', url: '/api/users', headers: { cookie: as }, payload: { email, firstName: 'Nora', lastName: 'Santos', roles: ['staff'] } });
  const adminCookie = async (app: TestApp) => {
    const admin = (await findUserByEmail(app.database.db, demoEmail('admin')))!;
    return `${SESSION_COOKIE}=${(await createSession(app.database.db, admin.id, { ttlDays: 1 })).token}`;
  };

  beforeAll(async () => {
    server = await startRelay({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    t = await buildTestApp({ configuredEmail: true, logStream, config: smtpConfig(server.port) });
    cookie = await adminCookie(t);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('arrives at the relay: to, from, subject and the link to set a password', async () => {
    expect(t.app.email.name).toBe('smtp');
    const res = await inviteOn(t, cookie, 'nora.smtp@hatid.test');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invitation.emailSent).toBe(true);

    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail).toMatchObject({ from: 'no-reply@hatid.example.ph', to: ['nora.smtp@hatid.test'], user: USER });
    const { headers, body } = parse(mail.raw);
    expect(headers.from).toBe('Hatid <no-reply@hatid.example.ph>');
    expect(headers.to).toBe('nora.smtp@hatid.test');
    expect(headers.subject).toBe('You are invited to Hatid');
    expect(body).toContain('Andres Bautista invited you to Hatid as Staff');
    const link = body.match(/https:\/\/hatid\.example\.ph\/register\?token=([A-Za-z0-9_-]{43})\b/);
    expect(link, body).not.toBeNull();

    // The link works: the invited person sets a password with it.
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users/registerWithEmail',
      payload: { token: link![1], firstName: 'Nora', lastName: 'Santos', password: 'a-long-passphrase' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
  });

  it('a refused login, then a relay that is down: the invitation stands, the answer says the email was not sent, the log says why (no password)', async () => {
    lines.length = 0;
    server.refuseLogins = true;
    const refused = await inviteOn(t, cookie, 'refused.smtp@hatid.test');
    expect(refused.statusCode, refused.body).toBe(201);
    expect(refused.json()).toMatchObject({ data: { status: 'INVITED' }, invitation: { emailSent: false } });
    expect(server.logins.at(-1)).toEqual({ user: USER, ok: false });

    await server.close();
    const unreachable = await inviteOn(t, cookie, 'down.smtp@hatid.test');
    expect(unreachable.statusCode, unreachable.body).toBe(201);
    expect(unreachable.json().invitation.emailSent).toBe(false);

    const failures = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'invitation email could not be sent');
    expect(failures.map((l) => [l.err.code, l.err.message])).toEqual([
      [
        'EAUTH',
        expect.stringMatching(
          new RegExp(`^SMTP 127\\.0\\.0\\.1:${server.port}: the server refused the login \\(check SMTP_USER and SMTP_PASSWORD\\): 535 Authentication failed`),
        ),
      ],
      ['ESOCKET', expect.stringMatching(new RegExp(`^SMTP 127\\.0\\.0\\.1:${server.port}: could not connect \\(.*ECONNREFUSED`))],
    ]);
    expect(server.received.flatMap((m) => m.to)).toEqual(['nora.smtp@hatid.test']);
    expect(lines.join('\n')).not.toContain(PASSWORD);
    // The server still answers: the next invitation is only an email short, never a crash.
    expect((await t.app.inject({ method: 'GET', url: '/api/_ah/warmup' })).statusCode).toBe(200);
  });
});
