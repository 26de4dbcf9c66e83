import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SessionId } from 'jspurefix';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { FixSeqNumStore } from './fix-seqnum-store.ts';

const root = mkdtempSync(path.join(tmpdir(), 'bourse-seqnums-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

let dirs = 0;
const freshDir = () => path.join(root, `s${++dirs}`, 'nested');
const session = (sender = 'BOURSE', target = 'LP') => ({ toFilePrefix: () => `FIX.4.4-${sender}-${target}` }) as SessionId;
const numbers = (store: FixSeqNumStore) => readFileSync(store.file, 'utf8').split(':').map((n) => Number(n.trim()));

describe('FixSeqNumStore', () => {
  it('starts at 1 without a file, writes what it sends with at once and reads it all back after a restart', async () => {
    const dir = freshDir();
    const store = new FixSeqNumStore(session(), dir);
    await store.initialize();
    expect([store.senderSeqNum, store.targetSeqNum]).toEqual([1, 1]);
    await store.setSenderSeqNum(5);
    expect(numbers(store)).toEqual([5, 1]);
    await store.setTargetSeqNum(9);
    await store.flush();
    expect(numbers(store)).toEqual([5, 9]);
    expect(readFileSync(store.file, 'utf8')).toBe(`${'5'.padStart(20)} : ${'9'.padStart(20)}`);

    const again = new FixSeqNumStore(session(), dir);
    await again.initialize();
    expect([again.senderSeqNum, again.targetSeqNum]).toEqual([5, 9]);
    expect(path.basename(again.file)).toBe('FIX.4.4-BOURSE-LP.seqnums');
  });

  it('writes received numbers within a second, and once for many', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = new FixSeqNumStore(session(), freshDir());
    await store.initialize();
    await store.setSenderSeqNum(2);
    for (let n = 2; n <= 50; n++) await store.setTargetSeqNum(n);
    expect(numbers(store)).toEqual([2, 1]);
    vi.advanceTimersByTime(1000);
    await store.flush();
    expect(numbers(store)).toEqual([2, 50]);
  });

  it('is read once, so every connection of a feed goes on from the numbers it holds', async () => {
    const dir = freshDir();
    const store = new FixSeqNumStore(session(), dir);
    await store.initialize();
    await store.setSenderSeqNum(3);
    await store.setTargetSeqNum(7);
    await store.initialize();
    expect([store.senderSeqNum, store.targetSeqNum]).toEqual([3, 7]);
  });

  it('never overwrites a file it has not read', async () => {
    const dir = freshDir();
    const first = new FixSeqNumStore(session(), dir);
    await first.initialize();
    await first.setSenderSeqNum(40);
    const unread = new FixSeqNumStore(session(), dir);
    await unread.flush();
    await unread.dispose();
    expect(numbers(first)).toEqual([40, 1]);
  });

  it('refuses a file that holds something else, saying which', async () => {
    const dir = freshDir();
    const store = new FixSeqNumStore(session(), dir);
    await store.initialize();
    await store.setSenderSeqNum(2);
    writeFileSync(store.file, 'garbage');
    await expect(new FixSeqNumStore(session(), dir).initialize()).rejects.toThrow(/FIX\.4\.4-BOURSE-LP\.seqnums does not hold sequence numbers/);
  });

  it('reset goes back to 1 both ways; messages are not kept', async () => {
    const store = new FixSeqNumStore(session(), freshDir());
    await store.initialize();
    await store.setSenderSeqNum(12);
    await store.put({ seqNum: 11 } as never);
    expect(await store.get(11)).toBeNull();
    expect(await store.getRange(1, 20)).toEqual([]);
    await store.reset();
    expect(numbers(store)).toEqual([1, 1]);
  });

  it('keeps comp ids that are not file-name safe inside its directory', async () => {
    const dir = freshDir();
    const store = new FixSeqNumStore(session('DESK/1', '../LP'), dir);
    await store.initialize();
    await store.setSenderSeqNum(2);
    expect(readdirSync(dir)).toEqual(['FIX.4.4-DESK_1-.._LP.seqnums']);
  });
});
