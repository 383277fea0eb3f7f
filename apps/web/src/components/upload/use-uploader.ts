import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG, type UploadPreset, type UploadResponse } from '@sendero/contract';
import { isAbortError, isApiRequestError } from '@/lib/api-client';
import { uploadFile } from '@/lib/send-file';
import { useToast } from '@/components/ui/toast';

export interface Uploader {
  /** 0-100 while a file is being sent (or waits to be sent again), null otherwise. */
  progress: number | null;
  /** The server asked to come back later (503 or 429): the upload waits to be sent again by itself. */
  queued: boolean;
  /** The server's Spanish message of the last failure (shown inline). */
  error: string | null;
  setError: (message: string | null) => void;
  /** Sends one file; never rejects: a failure is reported and returned with its message. */
  upload: (file: Blob, fileName?: string) => Promise<UploadResult>;
  /** Stops the upload in flight or waiting (its result is then `{ ok: false, message: '' }`). */
  cancel: () => void;
}

export type UploadResult = { ok: true; data: UploadResponse } | { ok: false; message: string };

/** Times a refused upload (503, 429) is sent again by itself before the person is told (docs/product.md#images). */
export const UPLOAD_RETRIES = 3;
/** Without a Retry-After, the wait before sending again; a longer one than the maximum is cut to it. */
const DEFAULT_RETRY_SECONDS = 5;
const MAX_RETRY_SECONDS = 120;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Wraps `uploadFile` with progress and error state. A photo the server cannot take yet (503 busy, 429
 * too many) is sent again by itself after the server's Retry-After, up to UPLOAD_RETRIES times, with
 * `queued` set meanwhile ('En cola…'); the form around it stays as it is. Refusals the user can fix
 * (415, 413...) are shown inline; network failures and unexpected server errors also raise the error toast.
 */
export function useUploader(preset: UploadPreset): Uploader {
  const [progress, setProgress] = useState<number | null>(null);
  const [queued, setQueued] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { showError } = useToast();
  // An upload still running when its form goes away (a cancelled modal) is aborted.
  const inFlight = useRef(new Set<AbortController>());
  useEffect(() => {
    const running = inFlight.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const upload = useCallback(
    async (file: Blob, fileName?: string): Promise<UploadResult> => {
      setError(null);
      setProgress(0);
      const controller = new AbortController();
      inFlight.current.add(controller);
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            const data = await uploadFile(preset, file, setProgress, fileName, controller.signal);
            return { ok: true, data };
          } catch (e) {
            const busy = isApiRequestError(e) && (e.status === 503 || e.status === 429);
            if (!busy || attempt >= UPLOAD_RETRIES) throw e;
            const seconds = Math.min(MAX_RETRY_SECONDS, e.retryAfter ?? DEFAULT_RETRY_SECONDS);
            setQueued(true);
            setProgress(0);
            await sleep(seconds * 1000, controller.signal);
            setQueued(false);
          }
        }
      } catch (e) {
        if (isAbortError(e)) return { ok: false, message: '' };
        // Still busy after the retries: said plainly. (A 429 keeps its own message: this person's uploads a minute.)
        const gaveUp = isApiRequestError(e) && e.status === 503;
        const message = gaveUp ? MSG.uploadGaveUp : isApiRequestError(e) ? e.message : MSG.internal;
        setError(message);
        if (!isApiRequestError(e) || e.status === 0 || e.status >= 500) showError(message);
        return { ok: false, message };
      } finally {
        inFlight.current.delete(controller);
        setQueued(false);
        setProgress(null);
      }
    },
    [preset, showError],
  );

  const cancel = useCallback(() => inFlight.current.forEach((c) => c.abort()), []);

  return { progress, queued, error, setError, upload, cancel };
}
