import { API, HTTP_MSG, type UploadPreset, type UploadResponse } from '@sendero/contract';
import { ApiRequestError, handleUnauthorized, offlineError, parseJson, toError } from './api-client';
import { isOnline } from './online-status';
import { getSession } from './session';

/**
 * Files sent with XMLHttpRequest, which, unlike fetch, reports upload progress: photos
 * (docs/product.md#images) and route tracks (docs/product.md#tracks). A module apart from
 * api-client.ts, so that only the screens that upload carry it (not the landing's first bundle).
 */

/**
 * Uploads one image (docs/product.md#images) with XMLHttpRequest, which, unlike fetch, reports upload progress.
 * `onProgress` receives 0-100; `signal` aborts the upload (the promise then rejects with an AbortError).
 */
export function uploadFile(
  preset: UploadPreset,
  file: Blob,
  onProgress?: (percent: number) => void,
  fileName = file instanceof File ? file.name : 'imagen',
  signal?: AbortSignal,
): Promise<UploadResponse> {
  return sendFile<UploadResponse>('POST', API.upload(preset), file, { onProgress, fileName, signal });
}

export interface SendFileOptions {
  onProgress?: ((percent: number) => void) | undefined;
  fileName?: string | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Sends one file as the multipart field `file` (an image, a route track) with XMLHttpRequest, for its
 * upload progress; the answer's errors are the same `ApiRequestError`s as `api`'s.
 */
export function sendFile<T>(method: 'POST' | 'PUT', path: string, file: Blob, { onProgress, fileName, signal }: SendFileOptions = {}): Promise<T> {
  const name = fileName ?? (file instanceof File ? file.name : 'archivo');
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    if (!isOnline()) {
      reject(offlineError());
      return;
    }
    const session = getSession();
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(method, path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (session) xhr.setRequestHeader('Authorization', `Bearer ${session.token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    xhr.onerror = () => {
      settle();
      reject(isOnline() ? new ApiRequestError(0, 'NETWORK_ERROR', HTTP_MSG.network) : offlineError());
    };
    xhr.onload = () => {
      settle();
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(data as T);
        return;
      }
      handleUnauthorized(Boolean(session), xhr.status);
      const error = toError(xhr.status, data);
      const retryAfter = Number(xhr.getResponseHeader('Retry-After'));
      if (Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfter = retryAfter;
      reject(error);
    };
    const form = new FormData();
    form.append('file', file, name);
    xhr.send(form);
  });
}
