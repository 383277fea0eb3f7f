import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { MSG } from '@sendero/contract';
import { badRequest, payloadTooLarge, serviceUnavailable, tooManyRequests } from '@/errors.js';

/**
 * Receiving one multipart file (the images of docs/product.md#images, the tracks of
 * docs/product.md#tracks): written to a file of its own under the system's temporary folder as it
 * arrives, never held in memory whole.
 */

/**
 * Uploads per user and minute (docs/product.md#limits; UPLOAD_RATE_LIMIT_PER_USER, 60 by default). Per user and per call, images and tracks each (the
 * caller is known: auth runs in onRequest, the limiter in preHandler), through the app's
 * @fastify/rate-limit (plugins/rate-limits.ts): counted atomically before the body is read.
 */
export const uploadRateLimit = (max: number, kind: 'upload' | 'track' = 'upload'): RateLimitOptions => ({
  max,
  timeWindow: 60_000,
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `${kind}:${request.auth?.id ?? request.ip}`,
  errorResponseBuilder: () => tooManyRequests(kind === 'track' ? MSG.trackTooManyUploads : MSG.tooManyUploads),
});

/** Room for a multipart body's boundaries and part headers around the largest file allowed. */
export const MULTIPART_OVERHEAD = 64 * 1024;
/** A disk that refused a body for want of room: the site is full for now, not broken (503, Retry-After). */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

export interface FileFieldRules {
  maxBytes: number;
  /** 413's sentence. */
  tooLarge: string;
  /** 400's sentence (no file, a body cut short), also under `fields.file`. */
  missing: string;
  /** Seconds to answer in Retry-After when the disk has no room for the body. */
  retryAfterSeconds: () => number;
}

/**
 * The multipart field `file`, written to a new file under the system's temporary folder as it arrives:
 * 400 without it, 413 above `maxBytes` (the rest is not read). The caller removes the file; only a
 * process killed in the middle of an upload leaves one behind (`sendero-upload-<pid>-…`).
 */
export async function readFileField(request: FastifyRequest, rules: FileFieldRules): Promise<string> {
  const missing = () => badRequest(rules.missing, { file: rules.missing });
  if (!request.isMultipart()) throw missing();
  let part;
  try {
    part = await request.file({ limits: { fileSize: rules.maxBytes, files: 1, fields: 5, parts: 6 } });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw payloadTooLarge(rules.tooLarge);
    throw missing();
  }
  if (!part || part.fieldname !== 'file') throw missing();
  const path = join(tmpdir(), `sendero-upload-${process.pid}-${randomUUID()}`);
  try {
    await pipeline(part.file, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await rm(path, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    // No room left on the disk (or over a quota): come back once the waiting bodies have been processed.
    if (code && DISK_FULL.has(code)) {
      request.log.warn({ code }, 'upload refused: no room on the disk for its body');
      throw serviceUnavailable(rules.retryAfterSeconds());
    }
    // The disk refused the file otherwise (read-only, permissions): the server's fault, not the request's.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    // A body cut before its closing boundary (or a broken connection): the file never arrived whole.
    throw missing();
  }
  if (part.file.truncated) {
    await rm(path, { force: true });
    throw payloadTooLarge(rules.tooLarge);
  }
  return path;
}
