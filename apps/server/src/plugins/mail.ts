import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '@/mail/mailer.js';
import { createNotifier, type Notifier } from '@/services/notifications.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    notifier: Notifier;
    /** Runs work after the answer was sent (its failure is logged); close() waits for it. */
    background(what: string, work: () => Promise<void>): void;
    /** Resolves when background work and the mails it queued are done (tests). */
    settleBackground(): Promise<void>;
  }
}

export interface MailPluginOptions {
  /** Delays between attempts of a failed send (tests shorten them). */
  retryDelaysMs?: readonly number[];
  /** Connection, greeting and socket timeout of one SMTP attempt. */
  timeoutMs?: number;
}

const CLOSE_WAIT_MS = 5_000;

/**
 * Mail over SMTP (nodemailer) when SMTP_URL is set; otherwise mails are logged, with their text only in
 * development so a newcomer can follow a reset link from the console.
 */
async function mailPlugin(app: FastifyInstance, opts: MailPluginOptions) {
  const { config } = app;
  const log = app.log.child({ component: 'mail' });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logBodies: config.nodeEnv === 'development',
    log,
    retryDelaysMs: opts.retryDelaysMs,
    timeoutMs: opts.timeoutMs,
  });
  if (!config.smtpUrl && config.nodeEnv === 'production') log.warn({}, 'SMTP_URL is not set: no e-mail will be sent');
  const notifier = createNotifier({ db: app.db, mailer, publicUrl: config.publicUrl, log });

  const tasks = new Set<Promise<void>>();
  app.decorate('mailer', mailer);
  app.decorate('notifier', notifier);
  // Participants of a cancelled outing are told by mail, after the cancellation committed
  // (docs/product.md#outings); the guide or admin who cancelled is not among them.
  app.outingEvents.onCancelled(({ outing, participantIds }) => notifier.outingCancelled(outing, participantIds));
  app.decorate('background', (what: string, work: () => Promise<void>) => {
    const task = work().catch((error: unknown) => {
      log.error({ task: what, reason: error instanceof Error ? error.message : String(error) }, 'background task failed');
    });
    tasks.add(task);
    void task.finally(() => tasks.delete(task));
  });

  const settle = async () => {
    while (tasks.size > 0) await Promise.all([...tasks]);
    await notifier.idle();
  };
  app.decorate('settleBackground', settle);

  app.addHook('onClose', async () => {
    await Promise.race([settle(), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
    await mailer.close();
  });
}

export default fp(mailPlugin, { name: 'mail', fastify: '5.x', dependencies: ['database'] });
