import { eq, inArray } from 'drizzle-orm';
import { formatOutingDate } from '@sendero/contract';
import { places, users } from '@/db/schema.js';
import type { Db } from '@/db/types.js';
import type { Mailer } from '@/mail/mailer.js';
import {
  guideApprovedMail,
  guideRejectedMail,
  outingCancelledMail,
  passwordResetMail,
  placeBlockedMail,
  placeClosedMail,
  placeDeletedMail,
  placeReportedClosedMail,
  placeVerifiedMail,
  type Recipient,
} from '@/mail/templates.js';
import { resetUrl } from './password-reset.js';

/** Web routes the mails link to. */
const WEB = {
  place: (id: string) => `/buscar-destino/destino/${encodeURIComponent(id)}`,
  guide: '/convertirme-en-guia',
  search: '/buscar-destino',
  outings: '/mis-salidas',
};

export interface NotificationLog {
  error(obj: object, msg: string): void;
}

/**
 * What Sendero tells people by e-mail. Every method is called after the change committed, returns at
 * once, and never throws: looking up the recipients and sending happen in the background, and a failure
 * is only logged. Notifications respect the recipient's 'Recibir correos'; the reset mail always goes.
 */
export interface Notifier {
  passwordReset(to: Recipient, token: string): void;
  placeVerification(place: { _id: string; id_user: string; name: string; verified: boolean }): void;
  placeDeleted(place: { id_user: string; name: string }): void;
  /** docs/product.md#trail-conditions: an admin closed the place (to its creator). */
  placeClosed(place: { _id: string; id_user: string; name: string; closure: { until: string | null; note: string } }): void;
  /** docs/product.md#trail-conditions: a review reported the place `cerrado` (to its creator, not when they wrote it). */
  placeReportedClosed(review: { id_place: string; id_user: string; walked_on: string | null }): void;
  guideDecision(user: { _id: string }, approved: boolean): void;
  outingCancelled(outing: { id_place: string; place_name: string; starts_at: string }, participantIds: readonly string[]): void;
  /** Resolves when every lookup started so far has handed its mails to the mailer. */
  idle(): Promise<void>;
}

export function createNotifier(deps: { db: Db; mailer: Mailer; publicUrl: string; log: NotificationLog }): Notifier {
  const { db, mailer, publicUrl, log } = deps;
  const pending = new Set<Promise<void>>();
  const url = (path: string) => `${publicUrl}${path}`;

  /** Recipients among `ids` who want notification mails. */
  async function subscribers(ids: readonly string[]): Promise<Recipient[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ email: users.email, firstname: users.firstname, on: users.emailNotifications })
      .from(users)
      .where(inArray(users.id, [...ids]));
    return rows.filter((r) => r.on).map((r) => ({ email: r.email, firstname: r.firstname }));
  }

  function later(what: string, work: () => Promise<void>): void {
    const task = work().catch((error: unknown) => {
      log.error({ notification: what, reason: error instanceof Error ? error.message : String(error) }, 'notification failed');
    });
    pending.add(task);
    void task.finally(() => pending.delete(task));
  }

  return {
    passwordReset(to, token) {
      mailer.send(passwordResetMail(to, resetUrl(publicUrl, token)));
    },
    placeVerification(place) {
      later('place_verification', async () => {
        for (const to of await subscribers([place.id_user])) {
          mailer.send(place.verified ? placeVerifiedMail(to, place.name, url(WEB.place(place._id))) : placeBlockedMail(to, place.name));
        }
      });
    },
    placeDeleted(place) {
      later('place_deleted', async () => {
        for (const to of await subscribers([place.id_user])) mailer.send(placeDeletedMail(to, place.name));
      });
    },
    placeClosed(place) {
      later('place_closed', async () => {
        for (const to of await subscribers([place.id_user])) {
          mailer.send(placeClosedMail(to, place.name, place.closure.until, place.closure.note, url(WEB.place(place._id))));
        }
      });
    },
    placeReportedClosed(review) {
      later('place_reported_closed', async () => {
        const [place] = await db.select({ name: places.name, idUser: places.idUser }).from(places).where(eq(places.id, review.id_place));
        if (!place || place.idUser === review.id_user) return;
        for (const to of await subscribers([place.idUser])) {
          mailer.send(placeReportedClosedMail(to, place.name, review.walked_on, url(WEB.place(review.id_place))));
        }
      });
    },
    guideDecision(user, approved) {
      later('guide_decision', async () => {
        for (const to of await subscribers([user._id])) {
          mailer.send(approved ? guideApprovedMail(to, url(WEB.search)) : guideRejectedMail(to, url(WEB.guide)));
        }
      });
    },
    outingCancelled(outing, participantIds) {
      later('outing_cancelled', async () => {
        const when = formatOutingDate(outing.starts_at);
        for (const to of await subscribers(participantIds)) {
          mailer.send(outingCancelledMail(to, outing.place_name, when, url(WEB.place(outing.id_place))));
        }
      });
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
      await mailer.idle();
    },
  };
}
