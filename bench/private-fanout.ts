// Private-channel fan-out: N Pusher-protocol clients, each on its own chat channel plus the shared
// admin channel. Measures chat POST -> recipient delivery latency and server CPU per delivered event,
// and the gateway against a plain `ws` server sending the same frames in the same run.
// Usage: node bench/private-fanout.ts [--clients=1000] [--messages=200] [--rate=20]. Prints JSON.
import { fork, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { now, rpc } from './lib/ipc.ts';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const N = arg('clients', 1000);
const MESSAGES = arg('messages', 200);
const CHAT_RATE = arg('rate', 20);
const SHARED_MESSAGES = Math.min(MESSAGES, 60);
const SHARED_RATE = 30;
const EACH_RATE = 500;

type Payload = Record<string, unknown>;
type Init = { url: string; key: string; rawUrl: string; admin: { id: number; token: string }; customers: { id: number; token: string }[] };
type Buckets = { pusherShared: number[]; pusherOwn: number[]; rawShared: number[]; rawOwn: number[]; usersChanged: number };
type Counts = Omit<Buckets, 'usersChanged'> extends infer T ? { [K in keyof T]: number } & { usersChanged: number } : never;

const log = (msg: string) => process.stderr.write(`[private-fanout] ${msg}\n`);

function start(file: string): Promise<{ proc: ChildProcess; call: ReturnType<typeof rpc> }> {
  const proc = fork(new URL(file, import.meta.url), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    proc.once('message', () => resolve({ proc, call: rpc(proc) }));
    proc.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2)) : null);
  return { samples: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/** Latencies (ms) from `[seq, receivedAt, ...]` pairs and the send time of each seq. */
function latencies(pairs: number[], sentAt: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) out.push(pairs[i + 1]! - sentAt[pairs[i]!]!);
  return out;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !(await check())) await new Promise((r) => setTimeout(r, 50));
}

const server = await start('./lib/fanout-server.ts');
const clients = await start('./lib/fanout-clients.ts');
const srv = server.call;
const cli = clients.call;
const cpu = () => srv<number>('cpu');

try {
  log(`seeding ${N} customers`);
  const init = await srv<Init>('init', { clients: N });
  const connected = await cli<{ connections: number; ms: number }>('connect', { ...init, concurrency: 50 });
  log(`connected ${connected.connections} sockets in ${connected.ms} ms`);
  const counts = () => cli<Counts>('counts');

  // 1. Chat: an admin posts to customers at a steady rate; each message reaches its customer.
  const customerFor = (i: number) => init.customers[(i * 7919) % N]!;
  const post = (i: number) =>
    fetch(`${init.url}/api/v1/chat/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${init.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: `bench-${i}`, customer_id: customerFor(i).id }),
    }).then(async (res) => ((await res.json()) as { data: Payload }).data);
  for (let i = 0; i < 10; i++) await post(MESSAGES + i);
  await new Promise((r) => setTimeout(r, 500));
  await cli('take');
  await srv('published');
  log(`chat: ${MESSAGES} POSTs at ${CHAT_RATE}/s`);
  const chatCpu0 = await cpu();
  const sentAt: number[] = [];
  const posted: Promise<Payload>[] = [];
  const t0 = now();
  for (let i = 0; i < MESSAGES; i++) {
    const wait = t0 + (i * 1000) / CHAT_RATE - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sentAt[i] = now();
    posted.push(post(i));
  }
  const payloads = await Promise.all(posted);
  await until(async () => (await counts()).pusherOwn >= MESSAGES, 10_000);
  await new Promise((r) => setTimeout(r, 500));
  const chatCpu = (await cpu()) - chatCpu0;
  const chat = await cli<Buckets>('take');
  const published = await srv<number[]>('published');
  const publishedAt: number[] = [];
  for (let i = 0; i < published.length; i += 2) publishedAt[published[i]!] = published[i + 1]!;
  const requestPart: number[] = [];
  for (let i = 0; i < published.length; i += 2) requestPart.push(published[i + 1]! - sentAt[published[i]!]!);
  const chatDeliveries = chat.pusherOwn.length / 2 + chat.usersChanged;

  // 2. The same message frames through the gateway and through plain ws: shared channel, then one each.
  async function path(kind: 'gatewayShared' | 'rawShared' | 'gatewayEach' | 'rawEach', args: object, expected: number, bucket: keyof Omit<Buckets, 'usersChanged'>) {
    const before = await cpu();
    const sent = await srv<number[]>(kind, args);
    await until(async () => (await counts())[bucket] >= expected, 20_000);
    const used = (await cpu()) - before;
    const got = await cli<Buckets>('take');
    const delivered = got[bucket].length / 2;
    return { delivered, server_cpu_ms: Math.round(used / 1000), cpu_us_per_delivery: Number((used / delivered).toFixed(3)), latency_ms: percentiles(latencies(got[bucket], sent)) };
  }
  const shared = payloads.slice(0, SHARED_MESSAGES).map((p, i) => ({ ...p, message: `bench-${i}` }));
  const sharedArgs = { payloads: shared, rate: SHARED_RATE };
  await srv('gatewayShared', { payloads: shared.slice(0, 5), rate: 100 });
  await srv('rawShared', { payloads: shared.slice(0, 5), rate: 100 });
  await new Promise((r) => setTimeout(r, 500));
  await cli('take');
  log(`shared channel: ${SHARED_MESSAGES} messages x ${N} subscribers, gateway then ws`);
  const gatewayShared = await path('gatewayShared', sharedArgs, SHARED_MESSAGES * N, 'pusherShared');
  const rawShared = await path('rawShared', sharedArgs, SHARED_MESSAGES * N, 'rawShared');

  const template = payloads[0]!;
  const each = init.customers.map((c, i) => ({ customerId: c.id, index: i, channel: `private-chat.customer.${c.id}`, payload: { ...template, message: `bench-${i}` } }));
  log(`own channels: one message to each of ${N} channels, ws then gateway`);
  const rawEach = await path('rawEach', { sends: each, rate: EACH_RATE }, N, 'rawOwn');
  const gatewayEach = await path('gatewayEach', { sends: each, rate: EACH_RATE }, N, 'pusherOwn');

  const chatLatency = percentiles(latencies(chat.pusherOwn, sentAt));
  const ratio = (a: { cpu_us_per_delivery: number }, b: { cpu_us_per_delivery: number }) => Number((a.cpu_us_per_delivery / b.cpu_us_per_delivery).toFixed(2));
  const result = {
    benchmark: 'private-fanout',
    clients: N,
    machine: { cpus: cpus().length, loadavg_1m: Number(loadavg()[0]!.toFixed(2)), node: process.version },
    connect_ms: connected.ms,
    chat_post_to_delivery: {
      messages: MESSAGES,
      rate_per_s: CHAT_RATE,
      delivered: chat.pusherOwn.length / 2,
      users_changed_deliveries: chat.usersChanged,
      latency_ms: chatLatency,
      // The same latency split at the broadcaster: the request (HTTP, auth, database) and the delivery.
      post_to_publish_ms: percentiles(requestPart),
      publish_to_delivery_ms: percentiles(latencies(chat.pusherOwn, publishedAt)),
      server_cpu_ms: Math.round(chatCpu / 1000),
      // Whole request path: HTTP, auth, database insert, unread counts, publish and the admin-list updates.
      server_cpu_us_per_delivery: Number((chatCpu / chatDeliveries).toFixed(1)),
    },
    shared_channel: { messages: SHARED_MESSAGES, rate_per_s: SHARED_RATE, gateway: gatewayShared, raw_ws: rawShared, cpu_ratio_gateway_to_ws: ratio(gatewayShared, rawShared) },
    own_channels: { messages: N, rate_per_s: EACH_RATE, gateway: gatewayEach, raw_ws: rawEach, cpu_ratio_gateway_to_ws: ratio(gatewayEach, rawEach) },
    goals: {
      chat_p99_under_50ms: chatLatency.p99 !== null && chatLatency.p99 < 50,
      delivery_cpu_within_2x_ws: ratio(gatewayShared, rawShared) <= 2 && ratio(gatewayEach, rawEach) <= 2,
    },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await Promise.allSettled([cli('stop'), srv('stop')]);
}
