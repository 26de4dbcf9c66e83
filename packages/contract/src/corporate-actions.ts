import { z } from 'zod';

/**
 * Corporate actions (dividends) for share and index CFDs, entered in the back office or imported
 * from CSV. `amount` is the cash per share (per unit of the CFD) in the instrument's quote
 * currency; positions held at the rollover before the ex-date are adjusted on it, longs credited
 * and shorts debited.
 */
export const CORPORATE_ACTION_LIMITS = { amount: 10_000, csvRows: 5_000, csvBytes: 1_000_000 } as const;

export const corporateActionMessages = {
  symbol: 'The symbol must name a share or index CFD of the catalogue.',
  exDate: 'The ex-date must be a date (YYYY-MM-DD).',
  amount: `The amount must be a number other than 0, at most ${CORPORATE_ACTION_LIMITS.amount} a share either way.`,
  duplicate: 'This instrument already has an action on this ex-date.',
  applied: 'This action has been applied: it can no longer be removed.',
  header: 'The first line must be the header: symbol,ex_date,amount.',
  empty: 'The file has no rows after its header.',
  tooMany: `A file may hold at most ${CORPORATE_ACTION_LIMITS.csvRows} rows.`,
  notFound: 'No such corporate action.',
} as const;

const day = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => day.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export const corporateActionInput = z.strictObject({
  symbol: z.string({ error: corporateActionMessages.symbol }).trim().toUpperCase().min(1, corporateActionMessages.symbol).max(40, corporateActionMessages.symbol),
  ex_date: z.string({ error: corporateActionMessages.exDate }).refine(isDay, corporateActionMessages.exDate),
  amount: z
    .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d{1,6})?$/, corporateActionMessages.amount)], { error: corporateActionMessages.amount })
    .transform(Number)
    .refine((v) => Number.isFinite(v) && v !== 0 && Math.abs(v) <= CORPORATE_ACTION_LIMITS.amount, { message: corporateActionMessages.amount }),
});
export type CorporateActionInput = z.input<typeof corporateActionInput>;

/** POST /admin/corporate-actions/import: a CSV file's text, `symbol,ex_date,amount` per line after the header. */
export const corporateActionsImport = z.strictObject({ csv: z.string().max(CORPORATE_ACTION_LIMITS.csvBytes, 'The file is too large (1 MB at most).') });

export const corporateActionSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  ex_date: z.string(),
  amount: z.string(),
  applied_at: z.string().nullable(),
  adjusted: z.number().int(),
  created_at: z.string(),
});
export type CorporateAction = z.infer<typeof corporateActionSchema>;
export const corporateActionsResponse = z.object({ data: z.array(corporateActionSchema) });
export const corporateActionResponse = z.object({ data: corporateActionSchema });

/**
 * Parses a corporate-actions CSV into rows, or the problems of every bad row by its line number
 * (the header is line 1). A file with any bad row is refused whole.
 */
export function parseCorporateActionsCsv(text: string): { rows: z.output<typeof corporateActionInput>[]; problems: string[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  const header = (lines[0] ?? '').split(',').map((h) => h.trim().toLowerCase());
  if (header.join(',') !== 'symbol,ex_date,amount') return { rows: [], problems: [corporateActionMessages.header] };
  if (lines.length < 2) return { rows: [], problems: [corporateActionMessages.empty] };
  if (lines.length - 1 > CORPORATE_ACTION_LIMITS.csvRows) return { rows: [], problems: [corporateActionMessages.tooMany] };
  const rows: z.output<typeof corporateActionInput>[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [i, line] of lines.slice(1).entries()) {
    const problem = rowProblem(line, i + 2);
    if (problem) problems.push(problem);
  }
  return { rows, problems };

  /** Reads one line into `rows`, or says what is wrong with it. */
  function rowProblem(line: string, n: number): string | null {
    const [symbol, ex_date, amount, ...extra] = line.split(',').map((c) => c.trim());
    if (extra.length > 0) return `Row ${n}: expected 3 values (symbol,ex_date,amount).`;
    const parsed = corporateActionInput.safeParse({ symbol: symbol ?? '', ex_date: ex_date ?? '', amount: amount ?? '' });
    if (!parsed.success) return `Row ${n}: ${parsed.error.issues[0]!.message}`;
    const key = `${parsed.data.symbol}|${parsed.data.ex_date}`;
    if (seen.has(key)) return `Row ${n}: ${corporateActionMessages.duplicate}`;
    seen.add(key);
    rows.push(parsed.data);
    return null;
  }
}
