import { io, type Socket } from 'socket.io-client';
import { priceSocket, type PriceSocketClientEvents, type PriceSocketServerEvents } from '@bourse/contract';
import { PRICE_SOCKET } from '@/config/constants';

export type PriceSocket = Socket<PriceSocketServerEvents, PriceSocketClientEvents>;

/**
 * Opens the price socket (SPEC §7): same origin, path /socket.io, websocket only, the API key in
 * the handshake auth, 10 s timeout, 5 reconnect attempts 2 s apart.
 */
export function connectPriceSocket(key: string, url?: string): PriceSocket {
  const options = {
    path: priceSocket.path,
    transports: ['websocket'],
    auth: { key },
    reconnectionAttempts: PRICE_SOCKET.attempts,
    reconnectionDelay: PRICE_SOCKET.delayMs,
    timeout: PRICE_SOCKET.timeoutMs,
  };
  return url ? io(url, options) : io(options);
}
