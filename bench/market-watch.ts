// Market watch under load: the real trading room (built client, real server) with 2,000 instruments
// receiving 20,000 price updates per second through its own socket.io-client and tick store, against
// a naive peer (React state per tick) fed the same way in the same run. Prints JSON.
//   node bench/market-watch.ts [--long] [--seconds N] [--rate N]
import os from 'node:os';
import { rmSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { buildWeb, startBenchServer } from './lib/bench-server.ts';
import { benchCandles, benchCatalogue } from './lib/catalogue.ts';
import { browserBundle } from './lib/browser-scripts.ts';
import { measure } from './lib/frame-stats.ts';

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : undefined;
};
const seconds = flag('--seconds') ?? (argv.includes('--long') ? 30 : 10);
const rate = flag('--rate') ?? 20_000;
const ROWS = 2_000;
const WARMUP_MS = 2_000;
const DEMO = { email: 'demo@bourse.local', password: 'demo-pass-123' };
const NAIVE_ORIGIN = 'http://naive.bench';

const catalogue = benchCatalogue(ROWS);
const catalogueBody = JSON.stringify({ data: catalogue });
type Mode = 'batch' | 'update';

/** The page-side scripts (bench/browser), bundled once per run. */
type PageScripts = { collector: string; feed: string; naive: string };

async function newPage(browser: Browser, mode: Mode, scripts: PageScripts): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await context.addInitScript({ content: scripts.collector });
  await context.addInitScript({ content: `window.__benchFeedConfig = ${JSON.stringify({ catalogue, mode })};` });
  await context.addInitScript({ content: scripts.feed });
  return context.newPage();
}

/** Signs the demo customer in and opens the trading room with the Market Watch panel and sidebar. */
async function openRoom(browser: Browser, baseURL: string, mode: Mode, scripts: PageScripts): Promise<Page> {
  const page = await newPage(browser, mode, scripts);
  await page.route('**/api/v1/assets', (r) => r.fulfill({ contentType: 'application/json', body: catalogueBody }));
  // The in-page socket takes any key; the page still asks the server for one first.
  await page.route('**/api/v1/market/socket', (r) => r.fulfill({ contentType: 'application/json', body: '{"data":{"key":"bench"}}' }));
  await page.route('**/api/v1/assets/*/candles*', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify({ data: benchCandles(65_000) }) }));
  await page.goto(`${baseURL}/`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/main/);
  await page.goto(`${baseURL}/mt4?panel=market-watch`);
  await page.getByTestId('market-watch-row').nth(20).waitFor();
  return page;
}

async function openNaive(browser: Browser, mode: Mode, scripts: PageScripts): Promise<Page> {
  const page = await newPage(browser, mode, scripts);
  await page.route(`${NAIVE_ORIGIN}/**`, (r) =>
    r.request().url().endsWith('.js')
      ? r.fulfill({ contentType: 'text/javascript', body: scripts.naive })
      : r.fulfill({ contentType: 'text/html', body: '<!doctype html><body style="margin:0"><div id="root"></div><script type="module" src="/naive.js"></script>' }),
  );
  await page.goto(`${NAIVE_ORIGIN}/?mode=${mode}`);
  await page.getByTestId('market-watch-row').nth(10).waitFor();
  return page;
}

const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b ? Math.round((a / b) * 100) / 100 : null);

type Feed = { start(rate: number, ms: number): void; stop(): { sent: number; shed: number } };

/** Runs the feed for the warm-up and the measured window; checks the screen kept up with it. */
async function run(page: Page) {
  const firstBid = () => page.getByTestId('bid').first().textContent();
  const before = await firstBid();
  const totalMs = WARMUP_MS + seconds * 1000;
  await page.evaluate(([r, ms]) => (globalThis as unknown as { __benchFeed: Feed }).__benchFeed.start(r!, ms!), [rate, totalMs]);
  await page.waitForTimeout(WARMUP_MS);
  const figures = await measure(page, () => page.waitForTimeout(seconds * 1000));
  const feed = await page.evaluate(() => (globalThis as unknown as { __benchFeed: Feed }).__benchFeed.stop());
  const after = await firstBid();
  await page.context().close();
  return {
    ...figures,
    updatesPerSecond: Math.round(feed.sent / (totalMs / 1000)),
    updatesShedByOverload: feed.shed,
    screenUpdated: before !== after,
  };
}

// A stuck browser must not hold the machine: give up well after the longest honest run.
let cleanup = async () => {};
const watchdog = setTimeout(async () => {
  console.error('[market-watch] timed out');
  await cleanup();
  process.exit(2);
}, (seconds * 4 + 300) * 1000);
watchdog.unref();

console.error('[market-watch] building the client and starting the server');
const dist = buildWeb();
const server = await startBenchServer(dist, { PRICE_AUTO_TICK: 'false' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
cleanup = async () => {
  await browser.close().catch(() => {});
  await server.close();
  rmSync(dist, { recursive: true, force: true });
};
try {
  const scripts: PageScripts = {
    collector: await browserBundle('frame-collector.ts'),
    feed: await browserBundle('fake-price-socket.ts'),
    naive: await browserBundle('naive-market-watch.tsx', 'esm'),
  };
  const results: Record<string, unknown> = {};
  for (const mode of ['batch', 'update'] as const) {
    console.error(`[market-watch] ${mode}: trading room`);
    const ours = await run(await openRoom(browser, server.url, mode, scripts));
    console.error(`[market-watch] ${mode}: naive peer`);
    const naive = await run(await openNaive(browser, mode, scripts));
    results[mode] = {
      ours,
      naive,
      naiveOverOursCpuP95: ratio(naive.mainThreadPerFrameMs?.cpu.p95, ours.mainThreadPerFrameMs?.cpu.p95),
      naiveOverOursBusyCpu: ratio(naive.mainThreadPerFrameMs?.busyPctCpu, ours.mainThreadPerFrameMs?.busyPctCpu),
    };
  }
  const report = {
    bench: 'market-watch',
    rows: ROWS,
    targetUpdatesPerSecond: rate,
    seconds,
    peer: 'naive: same socket and virtualised list, prices in React state set on every socket event',
    goals: { mainThreadPerFrameP95Ms: 10, longestTaskMs: 50, droppedFramesPct: 1 },
    machine: { cpus: os.cpus().length, loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100 },
    modes: {
      batch: 'data:batch frames (server coalescing, 100 ms windows) — what the client subscribes to',
      update: 'one data:update event per instrument update (SPEC wire format)',
    },
    results,
  };
  console.log(JSON.stringify(report, null, 2));
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
