import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFeedsConfig } from './feed-config.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bourse-feed-config-'));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};
const replay = (name: string) => ({ name, kind: 'replay', file: `${name}.csv`, symbol: 'EURUSD' });

describe('price feeds configuration', () => {
  it('reads sources and instruments with their defaults', async () => {
    const file = write('ok.json', JSON.stringify({ sources: [replay('a')], instruments: { EURUSD: { sources: [{ source: 'a', symbol: 'EURUSD' }] } } }));
    const config = await loadFeedsConfig(file);
    expect(config.sources[0]).toMatchObject({ name: 'a', speed: 1, loop: true });
    expect(config).toMatchObject({ stallMs: 5000, recoverMs: 30_000, spikeFactor: 8 });
  });

  it('names the file and each problem', async () => {
    const bad = write(
      'bad.json',
      JSON.stringify({
        sources: [replay('a'), replay('a'), { name: 'Bad Name', kind: 'replay', file: 'x.csv', symbol: 'X' }],
        instruments: { EURUSD: { sources: [{ source: 'b', symbol: 'EURUSD' }] }, GBPUSD: { sources: [{ source: 'a', symbol: 'X' }, { source: 'a', symbol: 'Y' }] } },
      }),
    );
    const error = await loadFeedsConfig(bad).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain(`PRICE_FEEDS ${bad}`);
    expect(message).toContain('Source a is named twice.');
    expect(message).toContain('EURUSD names an unknown source b.');
    expect(message).toContain('GBPUSD lists a source twice.');
    expect(message).toContain('Source names are lowercase letters');
  });

  it('refuses a file that is not JSON, or an unknown kind of source', async () => {
    await expect(loadFeedsConfig(write('broken.json', '{ sources: '))).rejects.toThrow(/PRICE_FEEDS .*broken\.json/);
    await expect(loadFeedsConfig(write('kind.json', JSON.stringify({ sources: [{ name: 'a', kind: 'carrier-pigeon' }], instruments: {} })))).rejects.toThrow(/sources\.0/);
    await expect(loadFeedsConfig(path.join(dir, 'missing.json'))).rejects.toThrow(/missing\.json/);
  });
});
