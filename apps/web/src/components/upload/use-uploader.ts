import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG, type UploadPreset, type UploadResponse } from '@sendero/contract';
import { isAbortError, isApiRequestError, uploadFile } from '@/lib/api-client';
import { useToast } from '@/components/ui/toast';

export interface Uploader {
  /** 0-100 while a file is being sent, null otherwise. */
  progress: number | null;
  /** The server's Spanish message of the last failure (shown inline). */
  error: string | null;
  setError: (message: string | null) => void;
  /** Sends one file; never rejects: a failure is reported and returned with its message. */
  upload: (file: Blob, fileName?: string) => Promise<UploadResult>;
}

export type UploadResult = { ok: true; data: UploadResponse } | { ok: false; message: string };

/**
 * Wraps `uploadFile` with progress and error state. Refusals the user can fix (415, 413, 429...)
 * are shown inline; network failures and unexpected server errors also raise the error toast.
 */
export function useUploader(preset: UploadPreset): Uploader {
  const [progress, setProgress] = useState<number | null>(null);
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
        const data = await uploadFile(preset, file, setProgress, fileName, controller.signal);
        return { ok: true, data };
      } catch (e) {
        if (isAbortError(e)) return { ok: false, message: '' };
        const message = isApiRequestError(e) ? e.message : MSG.internal;
        setError(message);
        if (!isApiRequestError(e) || e.status === 0 || e.status >= 500) showError(message);
        return { ok: false, message };
      } finally {
        inFlight.current.delete(controller);
        setProgress(null);
      }
    },
    [preset, showError],
  );

  return { progress, error, setError, upload };
}
