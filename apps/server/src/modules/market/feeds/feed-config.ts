import { readFile } from 'node:fs/promises';
import { priceFeedsConfig, type PriceFeedsConfig } from '@bourse/contract';

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
