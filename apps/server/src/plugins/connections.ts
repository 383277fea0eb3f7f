import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { MSG } from '@sendero/contract';
import type { Config } from '@/config.js';
import { errorBody, rawErrorResponse } from '@/plugins/errors.js';

/** Seconds a client over its connection cap is asked to wait. */
const RETRY_AFTER_SECONDS = 5;

/**
 * At most `max` open connections per client IP (MAX_CONNECTIONS_PER_IP): one address holding many slow
 * connections cannot exhaust the server for everyone else. A connection over the cap gets a 429 in the
 * error shape (with Retry-After) and is closed before any request is read.
 */
export function limitConnectionsPerIp(server: Server, config: Pick<Config, 'maxConnectionsPerIp' | 'mapTiles'>): void {
  const max = config.maxConnectionsPerIp;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const ip = socket.remoteAddress ?? 'unknown';
    const count = (open.get(ip) ?? 0) + 1;
    if (count > max) {
      socket.end(rawErrorResponse(config, 429, errorBody('TOO_MANY_REQUESTS', MSG.tooManyConnections), { 'retry-after': String(RETRY_AFTER_SECONDS) }), () =>
        socket.destroy(),
      );
      return;
    }
    open.set(ip, count);
    socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left <= 0) open.delete(ip);
      else open.set(ip, left);
    });
  });
}
