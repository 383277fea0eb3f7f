import type { Outing } from '@sendero/contract';

/** What happened when an outing was cancelled: sent to listeners after the transaction committed. */
export interface OutingCancelledEvent {
  /** The outing as its guide sees it (status `cancelada`), without `participants`. */
  outing: Outing;
  /** Who held a spot when it was cancelled (they keep their rows; `taken` is unchanged). */
  participantIds: string[];
  /** Who cancelled it: its guide or an administrator. */
  cancelledBy: { id: string; role: 'guide' | 'user' | 'admin' };
}

export type OutingCancelledListener = (event: OutingCancelledEvent) => void | Promise<void>;

/**
 * After-commit hooks of the outings (one instance per app, `app.outingEvents`). The "outing cancelled"
 * e-mail to the participants subscribes with `onCancelled`. A failing listener never undoes or fails
 * the cancellation: its error goes to `onError` (the app's logger).
 */
export class OutingEvents {
  private readonly cancelled: OutingCancelledListener[] = [];

  constructor(private readonly onError: (error: unknown) => void = () => undefined) {}

  /** Subscribes; returns the function that unsubscribes. */
  onCancelled(listener: OutingCancelledListener): () => void {
    this.cancelled.push(listener);
    return () => {
      const i = this.cancelled.indexOf(listener);
      if (i >= 0) this.cancelled.splice(i, 1);
    };
  }

  /** Runs every listener (awaited, one after the other); errors are reported, never thrown. */
  async emitCancelled(event: OutingCancelledEvent): Promise<void> {
    for (const listener of [...this.cancelled]) {
      try {
        await listener(event);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
