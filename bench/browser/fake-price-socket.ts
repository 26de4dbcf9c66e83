/**
 * A price socket inside the page: replaces `WebSocket` for /socket.io/ URLs with an object that
 * speaks the Engine.IO v4 / Socket.IO v5 text protocol, so the page's own socket.io-client and tick
 * store process every frame exactly as they would from the server. The frames are made in a Web
 * Worker (as the network would, off the page's main thread) and each arrives as its own task.
 * `window.__benchFeed` starts a feed of `rate` instrument updates per second, as `data:update`
 * events (one frame per update) or `data:batch` frames (one per 100 ms window, the server's default
 * coalescing), as `mode` says. A page that falls more than a second behind sheds the late frames
 * (counted) so that an overloaded peer cannot queue without end.
 *
 * Bundled by the benchmark and run before the page's own scripts (`page.addInitScript`), configured
 * by `window.__benchFeedConfig`. Needs `bypassCSP` (the worker comes from a blob URL).
 */
export type BenchFeedConfig = { catalogue: { id: number; rate: number; digits: number }[]; mode: 'batch' | 'update' };

declare global {
  interface Window {
    __benchFeedConfig: BenchFeedConfig;
    __benchFeed: { start(rate: number, durationMs: number): void; stop(): { sent: number; shed: number }; connected(): boolean };
  }
}

function installFakePriceSocket(options: BenchFeedConfig) {
  type Listener = (event: Event) => void;
  const RealWebSocket = window.WebSocket;
  const assets = options.catalogue;
  const batchMode = options.mode === 'batch';
  let active: FakeSocket | null = null;
  let sent = 0;
  let shed = 0;

  const workerSource = `
    let assets = [], prices = [], timer = null, cursor = 0;
    // Rounded to the instrument's digits, as the server packs them.
    const round = (v, d) => Math.round(v * 10 ** d) / 10 ** d;
    function tick(i, ts) {
      const a = assets[i];
      const next = prices[i] * (1 + (Math.random() - 0.5) * 0.002);
      prices[i] = next;
      const d = a.digits;
      return [a.id, round(next, d), round(a.rate * 0.99, d), round(a.rate * 1.01, d), round(next - a.rate, d), round(((next - a.rate) / a.rate) * 100, 2), 1000, ts];
    }
    onmessage = (e) => {
      const m = e.data;
      if (m.type === 'init') { assets = m.assets; prices = assets.map((a) => a.rate); return; }
      if (m.type === 'stop') { clearInterval(timer); timer = null; return; }
      const started = performance.now();
      let due = 0;
      timer = setInterval(() => {
        const elapsed = performance.now() - started;
        if (elapsed >= m.durationMs) { clearInterval(timer); timer = null; return; }
        const target = Math.floor((elapsed / 1000) * m.rate);
        const count = target - due;
        if (count <= 0) return;
        due = target;
        const ts = Date.now();
        if (m.batch) {
          const data = [];
          for (let k = 0; k < count; k++, cursor = (cursor + 1) % assets.length) data.push(tick(cursor, ts));
          postMessage({ t: ts, n: count, s: '42' + JSON.stringify(['data:batch', { ts, data }]) });
        } else {
          for (let k = 0; k < count; k++, cursor = (cursor + 1) % assets.length) {
            const p = tick(cursor, ts);
            const u = { id: p[0], price: p[1], priceLow24h: p[2], priceHigh24h: p[3], change24h: p[4], changePercent24h: p[5], volume24h: p[6], lastUpdated: new Date(ts).toISOString(), ts };
            postMessage({ t: ts, n: 1, s: '42' + JSON.stringify(['data:update', u]) });
          }
        }
      }, m.batch ? 100 : 10);
    };`;
  const worker = new Worker(URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' })));
  worker.postMessage({ type: 'init', assets: assets.map((a) => ({ id: a.id, rate: a.rate, digits: a.digits })) });
  worker.onmessage = (e: MessageEvent<{ t: number; n: number; s: string }>) => {
    if (Date.now() - e.data.t > 1000) shed += e.data.n;
    else {
      sent += e.data.n;
      active?.deliver(e.data.s);
    }
  };

  class FakeSocket extends EventTarget {
    url: string;
    readyState = 0;
    binaryType = 'blob';
    protocol = '';
    extensions = '';
    bufferedAmount = 0;
    onopen: Listener | null = null;
    onclose: Listener | null = null;
    onerror: Listener | null = null;
    onmessage: ((e: MessageEvent) => void) | null = null;
    constructor(url: string) {
      super();
      this.url = url;
      active = this;
      setTimeout(() => {
        this.readyState = 1;
        this.onopen?.(new Event('open'));
        this.deliver(`0${JSON.stringify({ sid: 'bench', upgrades: [], pingInterval: 25000, pingTimeout: 120000, maxPayload: 100000000 })}`);
      }, 0);
    }
    deliver(data: string) {
      if (this.readyState === 1) this.onmessage?.(new MessageEvent('message', { data }));
    }
    /** A reply never arrives inside send(), as with a real network. */
    reply(data: string) {
      setTimeout(() => this.deliver(data), 0);
    }
    send(data: string) {
      if (data.startsWith('40')) this.reply('40{"sid":"bench-socket"}');
      else if (data.startsWith('42') && JSON.parse(data.slice(2))[0] === 'subscribe:all') {
        this.reply(`42${JSON.stringify(['data:all', { success: true, data: assets }])}`);
      }
    }
    close() {
      this.readyState = 3;
      if (active === this) active = null;
      this.onclose?.(new CloseEvent('close', { code: 1000 }));
    }
  }

  window.__benchFeed = {
    /** Feeds `rate` updates a second for `durationMs`, then stops by itself. */
    start: (rate: number, durationMs: number) => worker.postMessage({ type: 'start', rate, durationMs, batch: batchMode }),
    stop() {
      worker.postMessage({ type: 'stop' });
      return { sent, shed };
    },
    connected: () => active !== null && active.readyState === 1,
  };

  // A function, not an arrow: the page calls it with `new`.
  function BenchWebSocket(url: string | URL, protocols?: string | string[]) {
    return String(url).includes('/socket.io/') ? new FakeSocket(String(url)) : new RealWebSocket(url, protocols);
  }
  window.WebSocket = BenchWebSocket as unknown as typeof WebSocket;
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
}

installFakePriceSocket(window.__benchFeedConfig);
