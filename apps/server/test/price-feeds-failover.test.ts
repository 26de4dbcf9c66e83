import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceFeedsConfig } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import { marketOf } from '../src/modules/market/market.runtime.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { startTool } from './helpers/tool-process.ts';

// BTCUSD from a FIX provider (tools/fix-lp, a process of its own, quoting BTC/USD around 65,000)
// with a recorded tick file at 80,000 as its backup, so where a price came from is plain to see.
// The provider's process is killed and started again on the same port.
const RECOVER_MS = 1500;

let dir: string;
let server: TestServer;
let lp: ChildProcessWithoutNullStreams | null = null;
let port = 0;

async function startLp(onPort: number): Promise<number> {
  const tool = await startTool('fix-lp/main.ts', ['--port', String(onPort), '--symbols', 'BTC/USD', '--rate', '20', '--comp-id', 'LP']);
  lp = tool.child;
  return tool.port;
}

beforeAll(async () => {
  port = await startLp(0);
  dir = mkdtempSync(path.join(tmpdir(), 'bourse-failover-'));
  const lines = ['time,bid,ask'];
  for (let i = 0; i < 40; i++) lines.push(`${new Date(Date.UTC(2026, 10, 2, 10) + i * 100).toISOString()},${(80_000 + (i % 4)).toFixed(2)},${(80_002 + (i % 4)).toFixed(2)}`);
  writeFileSync(path.join(dir, 'backup.csv'), lines.join('\n'));
  const config: PriceFeedsConfig = {
    sources: [
      { name: 'lp', kind: 'fix', host: '127.0.0.1', port, sender_comp_id: 'BOURSE', target_comp_id: 'LP', heartbeat_seconds: 30, depth: 1, reconnect_seconds: 0.2 },
      { name: 'tape', kind: 'replay', file: 'backup.csv', symbol: 'BTCUSD', speed: 1, loop: true },
    ],
    venues: [],

    instruments: { BTCUSD: { sources: [{ source: 'lp', symbol: 'BTC/USD' }, { source: 'tape', symbol: 'BTCUSD' }] } },
    // Long enough that a provider starved of CPU on a busy machine does not count as stalled first:
    // this test is about its process dying.
    stallMs: 10_000,
    recoverMs: RECOVER_MS,
    spikeFactor: 8,
  };
  const feedsFile = path.join(dir, 'feeds.json');
  writeFileSync(feedsFile, JSON.stringify(config));
  const { market } = loadConfig({ NODE_ENV: 'test' });
  server = await startTestServer({ market: { ...market, feedsFile } });
});

afterAll(async () => {
  await server?.close();
  lp?.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const btc = () => marketOf(server.ctx).state.find('BTCUSD')!;
const bid = () => marketOf(server.ctx).state.quote(btc().id)!.bid;
const switches = () => marketOf(server.ctx).feeds!.recentSwitches();

/** Waits until the event loop answers a timer on time three times running (at most 15 s). */
async function settled(): Promise<void> {
  const deadline = Date.now() + 15_000;
  let onTime = 0;
  while (onTime < 3 && Date.now() < deadline) {
    const asked = performance.now();
    await new Promise((r) => setTimeout(r, 200));
    onTime = performance.now() - asked < 230 ? onTime + 1 : 0;
  }
}

describe('failover between price sources', () => {
  it('moves to the backup within a second of the provider’s process dying, and back once it has been sound again', async () => {
    await expect.poll(bid, { timeout: 10_000 }).toBeLessThan(70_000);
    // The worker's start-up jobs (ledger check, rollover and dividends catch-up, the desk's day
    // snapshot) run just after the node is up, on the embedded database's one connection: the
    // failover is timed on a node that has settled.
    await settled();

    const exited = new Promise((r) => lp!.once('exit', r));
    lp!.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    await expect.poll(bid, { timeout: 3000, interval: 50 }).toBeGreaterThan(79_000);
    expect(Date.now() - killedAt).toBeLessThan(1000 + 250);
    expect(switches()[0]).toMatchObject({ symbol: 'BTCUSD', from: 'lp', to: 'tape', reason: 'disconnected' });

    // The provider comes back on the same port: the feed logs on again, and prices return to it only
    // after it has quoted for RECOVER_MS without a break.
    await startLp(port);
    await expect.poll(() => switches()[0]?.reason, { timeout: 15_000 }).toBe('recovered');
    expect(switches()[0]).toMatchObject({ from: 'tape', to: 'lp' });
    const health = marketOf(server.ctx).feeds!.health().find((h) => h.source === 'lp')!;
    expect(health).toMatchObject({ connected: true, failovers: 1, reconnects: 1, activeFor: 1 });
    await expect.poll(bid, { timeout: 3000 }).toBeLessThan(70_000);
  });
});
