/**
 * Open connections, capped per client address and in total, so that one host holding
 * thousands of idle sockets cannot use up the process's file descriptors and leave everyone
 * else unanswered (issue 24: 19,900 idle sockets from one host made every request fail for
 * ~30 s). A connection over a cap is closed at once, before a request on it is read.
 *
 * - Total: Node's own `server.maxConnections` (the socket is closed before any JavaScript
 *   object is made for it).
 * - Per address: counted on `connection`, forgotten on `close`. IPv6 addresses count by
 *   their /64 (one subscriber's prefix), as the rate limits do. A trusted proxy (TRUST_PROXY)
 *   carries many clients on its connections, so only the total applies to it: the
 *   per-client cap then belongs to the proxy, which sees the clients' addresses.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';

export interface ConnectionCaps {
  /** Open connections from one client address (an IPv6 /64). */
  perAddress: number;
  /** Open connections in all. */
  total: number;
}

/**
 * 100 per address: a browser opens at most 6 to a host, so this is some 16 browsers behind
 * one NAT at the same instant. 10,000 in all: under the usual 20,000+ file descriptors a
 * process may open, with room for the database and files.
 */
export const DEFAULT_CONNECTION_CAPS: ConnectionCaps = { perAddress: 100, total: 10_000 };

export function capConnections(server: Server, caps: ConnectionCaps, exempt: (address: string | undefined) => boolean): void {
  server.maxConnections = caps.total;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || exempt(address)) return;
    const key = normalizeIP(address);
    const count = (open.get(key) ?? 0) + 1;
    if (count > caps.perAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
