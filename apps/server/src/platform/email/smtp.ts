import type { ConnectionOptions } from 'node:tls';
import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage, EmailProvider } from './index.js';

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise a plain connection upgraded with STARTTLS. */
  secure: boolean;
  /** Without `secure`: refuse to send anything (login included) unless the server upgrades with STARTTLS. */
  requireTls: boolean;
  /** Both or neither (config.ts checks); never logged. */
  user?: string | undefined;
  password?: string | undefined;
  /** The From header: `no-reply@hatid.ph` or `Hatid <no-reply@hatid.ph>`. */
  from: string;
  /** Extra TLS options (tests trust their own certificate authority with `ca`); certificates are always checked. */
  tls?: ConnectionOptions;
}

/**
 * Why a message did not go out, in words an operator can act on. The server's own reply is kept (it says
 * which rule refused), the credentials never: nodemailer's errors carry the command ("AUTH PLAIN"), not its
 * argument, and only the fields below are copied.
 */
export class SmtpSendError extends Error {
  constructor(
    message: string,
    /** nodemailer's code: EAUTH, ECONNECTION, ETLS, ETIMEDOUT, EDNS, EENVELOPE, EMESSAGE… */
    readonly code: string,
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'SmtpSendError';
  }
}

function explain(error: unknown, where: string): SmtpSendError {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; response?: unknown; responseCode?: unknown };
  const code = typeof e.code === 'string' ? e.code : 'ESMTP';
  const reply = typeof e.response === 'string' && e.response ? `: ${e.response.trim()}` : '';
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const cause = typeof e.message === 'string' ? e.message : String(error);
  const reason =
    code === 'EAUTH'
      ? `the server refused the login (check SMTP_USER and SMTP_PASSWORD)${reply}`
      : code === 'ETLS'
        ? `no TLS connection could be made (${cause}); SMTP_REQUIRE_TLS=true sends nothing over a plain connection${reply}`
        : code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EDNS'
          ? `could not connect (${cause})`
          : code === 'ETIMEDOUT'
            ? `the server did not answer in time (${cause})`
            : `the message was refused (${cause})${reply}`;
  return new SmtpSendError(`SMTP ${where}: ${reason}`, code, responseCode);
}

/** EMAIL_PROVIDER=smtp: each message is one SMTP delivery to SMTP_HOST (a mail provider's relay). */
export class SmtpEmailProvider implements EmailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  private readonly where: string;

  constructor(private readonly settings: SmtpSettings) {
    this.where = `${settings.host}:${settings.port}`;
    this.transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      requireTLS: !settings.secure && settings.requireTls,
      ...(settings.user && settings.password ? { auth: { user: settings.user, pass: settings.password } } : {}),
      ...(settings.tls ? { tls: settings.tls } : {}),
      // An invitation waits for its email: a dead relay must fail in seconds, not nodemailer's two minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      // nodemailer's own logging would print the conversation; never the AUTH line's credentials in our log.
      logger: false,
      debug: false,
    });
  }

  async send(message: EmailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.settings.from, to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      throw explain(error, this.where);
    }
  }

  close(): void {
    this.transport.close();
  }
}
