import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakingStatements, EXPAND_CONTRACT_FROM } from './expand-contract.ts';
import { migrationNames } from './migrate.ts';

describe('expand and contract', () => {
  it('lets a migration add tables, defaulted or nullable columns, indexes and wider checks', () => {
    const sql = `-- expansion only
CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL);
ALTER TABLE trades ADD COLUMN venue text;
ALTER TABLE trades ADD COLUMN flags text[] NOT NULL DEFAULT '{}', ADD COLUMN seen boolean;
CREATE INDEX notes_body_idx ON notes (body);
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('a', 'b', 'c'));
CREATE OR REPLACE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DROP TABLE IF EXISTS scratch;
END;
$$;`;
    expect(breakingStatements(sql)).toEqual([]);
  });

  it('names each statement that would break the release before, with its line', () => {
    const sql = `ALTER TABLE trades DROP COLUMN venue;
ALTER TABLE trades RENAME COLUMN lots TO volume_lots;
ALTER TABLE trades ALTER COLUMN lots TYPE numeric(20, 4);
ALTER TABLE trades
  ALTER COLUMN venue SET NOT NULL;
ALTER TABLE trades ADD COLUMN region text NOT NULL;
DROP TABLE notes;
DROP FUNCTION order_lock(integer, integer);`;
    expect(breakingStatements(sql).map((s) => [s.line, s.breaks])).toEqual([
      [1, 'drops a column'],
      [2, 'renames'],
      [3, "changes a column's type"],
      [4, 'makes a column NOT NULL'],
      [6, 'adds a NOT NULL column without a default'],
      [7, 'drops a table'],
      [8, 'drops a function or view'],
    ]);
  });

  it('accepts a contraction its author declares', () => {
    const sql = `-- contract: no release since 1.4 reads trades.venue
ALTER TABLE trades DROP COLUMN venue;
ALTER TABLE trades DROP COLUMN region;`;
    expect(breakingStatements(sql).map((s) => s.statement)).toEqual(['ALTER TABLE trades DROP COLUMN region;']);
  });

  it('holds every migration since the rule began to it', () => {
    const dir = path.join(import.meta.dirname, 'migrations');
    const held = migrationNames().filter((name) => name >= EXPAND_CONTRACT_FROM);
    const broken = held.flatMap((name) => breakingStatements(readFileSync(path.join(dir, name), 'utf8')).map((s) => `${name}:${s.line} ${s.breaks}: ${s.statement}`));
    expect(broken).toEqual([]);
  });
});
