import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type InstrumentFeedConfig, priceFeedsConfig, type PriceFeedsConfig } from '@bourse/contract';

/** Reads and checks the price sources file; the error names the file and what is wrong in it. */
export async function loadFeedsConfig(file: string): Promise<PriceFeedsConfig> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`PRICE_FEEDS ${file}: ${(error as Error).message}`);
  }
  const parsed = priceFeedsConfig.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`PRICE_FEEDS ${file}: ${problems}`);
  }
  return parsed.data;
}

/**
 * Sets (or with null removes) one instrument's entry in the price sources file and writes it back
 * whole, atomically (a new file renamed over the old, so the server following it never reads half
 * of one). The edited file is checked as the server checks it at start; one that does not check
 * out is not written and the error names the problems.
 */
export async function writeInstrumentFeed(file: string, symbol: string, entry: InstrumentFeedConfig | null): Promise<PriceFeedsConfig> {
  const raw = JSON.parse(await readFile(file, 'utf8')) as { instruments?: Record<string, unknown> };
  const instruments = { ...(raw.instruments ?? {}) };
  if (entry) instruments[symbol] = entry;
  else delete instruments[symbol];
  const next = { ...raw, instruments };
  const parsed = priceFeedsConfig.safeParse(next);
  if (!parsed.success) throw new FeedsConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  // It holds providers' passwords: the new file keeps the old one's permissions.
  await writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: (await stat(file)).mode & 0o777 });
  await rename(temporary, file);
  return parsed.data;
}

/** An edit that would leave the price sources file unusable, with each problem. */
export class FeedsConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.problems = problems;
  }
}
