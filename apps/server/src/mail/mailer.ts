import nodemailer, { type Transporter } from 'nodemailer';

/** One message, already rendered (see templates.ts). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The logger the mailer writes to (pino's shape, so the app's logger fits). */
export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Sends mail in the background: `send()` queues and returns at once, so no request ever waits for SMTP
 * or fails because of it. A failed attempt is logged and retried after each of `retryDelaysMs`.
 */
export interface Mailer {
  send(message: MailMessage): void;
  /** Resolves when every queued message was sent or gave up (tests, graceful shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Without SMTP: log each mail's text (development) or only that it was not sent. */
  logBodies: boolean;
  log: MailLog;
  retryDelaysMs?: readonly number[];
  /** Connection, greeting and socket timeouts of one attempt. */
  timeoutMs?: number;
}

/** CR, LF and other control characters never reach a header (no header injection from a place name). */
export function headerSafe(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/** "ana.perez@example.com" -> "a***@example.com": enough to follow a log, not to harvest addresses. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function createMailer(options: MailerOptions): Mailer {
  const retryDelays = options.retryDelaysMs ?? [2_000, 10_000, 60_000];
  const timeout = options.timeoutMs ?? 15_000;
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
        // Our own test servers and local relays often have no certificate chain a client can verify.
        tls: { rejectUnauthorized: !/[?&]tls_insecure=true\b/.test(options.smtpUrl) },
      })
    : null;
  const pending = new Set<Promise<void>>();
  let closed = false;

  async function deliver(message: MailMessage): Promise<void> {
    const to = headerSafe(message.to);
    const subject = headerSafe(message.subject);
    const logged = { to: maskAddress(to), subject };
    if (!transport) {
      if (options.logBodies) options.log.info({ mail: { ...logged, text: message.text } }, 'mail (SMTP_URL is not set, not sent)');
      else options.log.info({ mail: logged }, 'mail not sent: SMTP_URL is not set');
      return;
    }
    for (let attempt = 0; ; attempt += 1) {
      try {
        await transport.sendMail({ from: options.from, to, subject, text: message.text, html: message.html });
        options.log.info({ mail: logged }, 'mail sent');
        return;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const retryIn = retryDelays[attempt];
        if (retryIn === undefined || closed) {
          options.log.error({ mail: logged, reason, attempts: attempt + 1 }, 'mail could not be sent; giving up');
          return;
        }
        options.log.warn({ mail: logged, reason, attempt: attempt + 1, retryInMs: retryIn }, 'mail could not be sent; retrying');
        await sleep(retryIn);
      }
    }
  }

  return {
    send(message) {
      const task = deliver(message).catch((error: unknown) => {
        options.log.error({ reason: error instanceof Error ? error.message : String(error) }, 'mail failed');
      });
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      closed = true;
      transport?.close();
    },
  };
}
