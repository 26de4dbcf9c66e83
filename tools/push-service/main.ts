// A stand-in for a browser's push service (FCM, Mozilla autopush, Apple's), so Web Push can be tried
// and tested offline:
//
//   node tools/push-service/main.ts [--port 0] [--host 127.0.0.1]
//
// Prints {"listening":<port>} once it accepts requests. Push endpoints are
// http://host:port/push/<id>. Each POST is checked as a push service checks it (the VAPID JWT's
// ES256 signature, audience and expiry; aes128gcm encoding; a TTL) and, when the subscription's keys
// were registered, decrypted as the browser would. Every request is printed as a JSON line
// {"received":{id, status, payload?, error?, claims?, ttl, urgency}}. Commands on standard input,
// one a line, each answered with {"done":<command>,…}:
//   register <id> <receiver private key, base64url> <auth secret, base64url>
//   gone <id>        the endpoint answers 410 Gone from now on (the browser unsubscribed)
//   received         {"done":"received","messages":[…]} every request so far
import { createServer, type IncomingMessage } from 'node:http';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { checkVapid, decryptAes128gcm, type ReceiverKeys } from './web-push-crypto.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } } });

type Received = { id: string; status: number; payload?: string; error?: string; claims?: Record<string, unknown>; ttl: string | null; urgency: string | null };
const keys = new Map<string, ReceiverKeys>();
const gone = new Set<string>();
const received: Received[] = [];

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What the push service answers a push request, and what it makes of it. */
function handle(id: string, req: IncomingMessage, body: Buffer, origin: string): Omit<Received, 'id' | 'ttl' | 'urgency'> {
  if (gone.has(id)) return { status: 410, error: 'gone' };
  const vapid = checkVapid(req.headers.authorization, origin);
  if ('error' in vapid) return { status: 401, error: vapid.error };
  if (req.headers.ttl === undefined) return { status: 400, error: 'no TTL header' };
  if (req.headers['content-encoding'] !== 'aes128gcm') return { status: 415, error: 'Content-Encoding is not aes128gcm' };
  const subscription = keys.get(id);
  if (!subscription) return { status: 404, error: 'no such subscription' };
  try {
    return { status: 201, payload: decryptAes128gcm(body, subscription), claims: vapid.claims };
  } catch (error) {
    return { status: 400, error: `not decryptable: ${(error as Error).message}` };
  }
}

const server = createServer((req, res) => {
  const match = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !match) {
    res.writeHead(404).end();
    return;
  }
  const id = match[1]!;
  void bodyOf(req).then((body) => {
    const origin = `http://${req.headers.host}`;
    const outcome = handle(id, req, body, origin);
    const entry: Received = { id, ...outcome, ttl: (req.headers.ttl as string | undefined) ?? null, urgency: (req.headers.urgency as string | undefined) ?? null };
    received.push(entry);
    console.log(JSON.stringify({ received: entry }));
    res.writeHead(outcome.status, { 'content-type': 'text/plain' }).end(outcome.error ?? '');
  });
});

server.listen(Number(values.port), values.host, () => {
  const address = server.address();
  console.log(JSON.stringify({ listening: typeof address === 'object' && address ? address.port : 0 }));
});

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, id, a, b] = line.trim().split(/\s+/);
  if (command === 'register' && id && a && b) {
    keys.set(id, { privateKey: Buffer.from(a, 'base64url'), authSecret: Buffer.from(b, 'base64url') });
    console.log(JSON.stringify({ done: command, id }));
  } else if (command === 'gone' && id) {
    gone.add(id);
    console.log(JSON.stringify({ done: command, id }));
  } else if (command === 'received') {
    console.log(JSON.stringify({ done: command, messages: received }));
  } else console.log(JSON.stringify({ error: `unknown command: ${line}` }));
});

const quit = () => server.close(() => process.exit(0));
process.on('SIGINT', quit);
process.on('SIGTERM', quit);
