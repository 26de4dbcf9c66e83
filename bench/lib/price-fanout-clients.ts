// The client side of bench/price-fanout.ts: N price socket clients speaking the Socket.IO protocol
// over plain `ws` (engine.io v4 framing, websocket transport, auth key in the CONNECT packet), so
// the clients stay cheap and the server is what gets measured. Every `sampleEvery`-th client parses
// its frames and records tick-to-client latency; the others only count frames.
import { WebSocket } from 'ws';
import { now, serve } from './ipc.ts';

type Setup = { port: number; key: string; clients: number; sampleEvery: number; clockOffsetMs: number; concurrency: number };
type Mode = 'batch' | 'each';

const sockets: WebSocket[] = [];
let setup: Setup;
let frames = 0;
let sampledFrames = 0;
let sampledUpdates = 0;
let latencies: number[] = [];
/** Time from the server encoding a sampled data:batch to the client reading it: the send part of the latency. */
let sendDelays: number[] = [];
let bytes = 0;
let cpuAtReset = process.cpuUsage();

/** Tick-to-client latency of every update in a sampled frame: the tick carries the server time it was made. */
function sample(text: string): void {
  const [event, payload] = JSON.parse(text.slice(2)) as [string, { ts?: number; data?: number[][] }];
  const at = now() + setup.clockOffsetMs;
  sampledFrames++;
  if (event === 'data:batch') {
    for (const u of payload.data!) latencies.push(at - u[7]!);
    sendDelays.push(at - setup.clockOffsetMs - payload.ts!);
    sampledUpdates += payload.data!.length;
  } else if (event === 'data:update') {
    latencies.push(at - payload.ts!);
    sampledUpdates++;
  }
}

function client(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // The server's frames are trusted here: checking each one's UTF-8 is client work that is not being measured.
    const ws = new WebSocket(`ws://127.0.0.1:${setup.port}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false, skipUTF8Validation: true });
    sockets.push(ws);
    const sampled = index % setup.sampleEvery === 0;
    ws.on('error', reject);
    ws.on('message', (data: Buffer) => {
      const kind = data[0];
      if (kind === 0x32) return void ws.send('3'); // engine.io ping → pong
      if (kind === 0x30) return void ws.send(`40${JSON.stringify({ key: setup.key })}`); // open → CONNECT with auth
      if (kind !== 0x34) return;
      if (data[1] === 0x30) return resolve(); // socket.io CONNECT acknowledged
      if (data[1] === 0x34) return reject(new Error(data.toString()));
      frames++;
      bytes += data.length;
      if (sampled) sample(data.toString());
    });
  });
}

async function connect(s: Setup): Promise<number> {
  setup = s;
  for (let i = 0; i < s.clients; i += s.concurrency) {
    await Promise.all(Array.from({ length: Math.min(s.concurrency, s.clients - i) }, (_, k) => client(i + k)));
  }
  return sockets.length;
}

function subscribe(mode: Mode): number {
  const packet = `42${JSON.stringify(['subscribe:all', { batch: mode === 'batch', snapshot: false }])}`;
  for (const ws of sockets) ws.send(packet);
  return sockets.length;
}

function reset(): void {
  frames = sampledFrames = sampledUpdates = bytes = 0;
  latencies = [];
  sendDelays = [];
  cpuAtReset = process.cpuUsage();
}

function report() {
  return { frames, bytes, sampledFrames, sampledUpdates, latencies: latencies.map((l) => Math.round(l * 10) / 10), sendDelays, cpu: process.cpuUsage(cpuAtReset) };
}

function close(): number {
  for (const ws of sockets) ws.terminate();
  const n = sockets.length;
  sockets.length = 0;
  return n;
}

serve({ connect, subscribe, reset, report, close });
process.send!({ ready: true });
