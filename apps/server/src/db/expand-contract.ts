/**
 * Migrations expand and contract: during a rolling upgrade the previous release's nodes keep
 * serving on the schema the new release has already migrated, so a migration may only add what
 * the previous release does not know about (tables, nullable or defaulted columns, indexes, wider
 * checks). Taking something away or changing its shape (a drop, a rename, a type change, a new
 * NOT NULL without a default) waits for a later release than the one that stopped using it, and
 * says so on the line before the statement: `-- contract: <what no longer uses it, since when>`.
 */

/** Migrations from this one on are held to the rule; the ones before it shipped without it. */
export const EXPAND_CONTRACT_FROM = '0986';

const BREAKING: { name: string; pattern: RegExp }[] = [
  { name: 'drops a table', pattern: /\bDROP\s+TABLE\b/i },
  { name: 'drops a column', pattern: /\bDROP\s+COLUMN\b/i },
  { name: 'renames', pattern: /\bRENAME\b/i },
  { name: "changes a column's type", pattern: /\bALTER\s+COLUMN\s+\w+\s+(SET\s+DATA\s+)?TYPE\b/i },
  { name: 'makes a column NOT NULL', pattern: /\bSET\s+NOT\s+NULL\b/i },
  { name: 'drops a function or view', pattern: /\bDROP\s+(FUNCTION|VIEW|MATERIALIZED\s+VIEW)\b/i },
  { name: 'adds a NOT NULL column without a default', pattern: /\bADD\s+COLUMN\b(?:(?!\bDEFAULT\b)[^,;])*\bNOT\s+NULL\b(?:(?!\bDEFAULT\b)[^,;])*(?=[,;]|$)/i },
];

export type BreakingStatement = { line: number; statement: string; breaks: string };

/**
 * The statements of a migration that would break the release before it, each with its first
 * line and what it does; a statement under a `-- contract:` comment is the author's declared
 * contraction and not listed. Function bodies between `$$` are not read as statements.
 */
export function breakingStatements(sql: string): BreakingStatement[] {
  const found: BreakingStatement[] = [];
  let statement = '';
  let firstLine = 0;
  let declared = false;
  let inBody = false;
  sql.split('\n').forEach((raw, index) => {
    const line = raw.replace(/--.*$/, '').trim();
    if (!statement && /^\s*--\s*contract:\s*\S/i.test(raw)) declared = true;
    if (!line) return;
    if (!statement) firstLine = index + 1;
    statement += `${line} `;
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody;
    if (inBody || !line.endsWith(';')) return;
    const text = statement.replace(/\$\$[\s\S]*?\$\$/g, '$$$$').trim();
    const rule = BREAKING.find((r) => r.pattern.test(text));
    if (rule && !declared) found.push({ line: firstLine, statement: text, breaks: rule.name });
    statement = '';
    declared = false;
  });
  return found;
}
