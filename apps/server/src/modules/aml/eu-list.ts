import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { type ParsedEntry, malformed } from './sanctions-file.ts';

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * The EU consolidated financial sanctions list in its published XML: an <export> of
 * <sanctionEntity logicalId=…> elements, each with a <subjectType code="person|enterprise">, its
 * <nameAlias wholeName=… firstName=… lastName=…> names (in their own scripts) and
 * <birthdate birthdate="YYYY-MM-DD" year=…> dates. The XML must be well formed and every entity
 * must have an identifier and a name; the first fault is reported with its line.
 */
export function parseEuList(xml: string, file = 'EU list'): ParsedEntry[] {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const entries: ParsedEntry[] = [];
  const seen = new Set<string>();
  let root: string | null = null;
  let current: (ParsedEntry & { line: number }) | null = null;
  let fault: Error | null = null;
  const fail = (line: number, problem: string) => {
    fault ??= malformed(file, line, problem);
  };

  parser.on('error', (err) => {
    // saxes prefixes the position as "line:column: ".
    const at = /^(\d+):(\d+): (.*)$/s.exec(err.message);
    fault ??= malformed(file, at ? Number(at[1]) : parser.line, `not well-formed XML (${at ? at[3] : err.message})`);
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    const attr = (key: string) => (tag.attributes[key] ?? '').trim();
    const line = parser.line;
    if (root === null) {
      root = name;
      if (name !== 'export') fail(line, `expected the <export> element of the EU consolidated list, found <${name}>`);
      return;
    }
    if (name === 'sanctionEntity') {
      const reference = attr('logicalId');
      if (!/^\d+$/.test(reference)) fail(line, 'a sanctionEntity has no numeric logicalId');
      else if (seen.has(reference)) fail(line, `logicalId ${reference} appears twice`);
      seen.add(reference);
      current = { reference, kind: 'entity', primaryName: '', programmes: '', birthDates: [], names: [], line };
      return;
    }
    if (!current) return;
    if (name === 'subjectType') current.kind = attr('code') === 'person' ? 'person' : 'entity';
    else if (name === 'regulation' && !current.programmes) current.programmes = attr('programme');
    else if (name === 'nameAlias') {
      const whole = attr('wholeName') || [attr('firstName'), attr('middleName'), attr('lastName')].filter(Boolean).join(' ');
      if (!whole) fail(line, `a nameAlias of entity ${current.reference} has no name`);
      else if (!current.names.includes(whole)) current.names.push(whole);
    } else if (name === 'birthdate') {
      const date = attr('birthdate') || attr('year');
      if (!date) return;
      if (!/^\d{4}(-\d{2}-\d{2})?$/.test(date)) fail(line, `birthdate "${date}" of entity ${current.reference} is not YYYY-MM-DD`);
      else if (!current.birthDates.includes(date)) current.birthDates.push(date);
    }
  });
  parser.on('closetag', (tag) => {
    if (localName(tag.name) !== 'sanctionEntity' || !current) return;
    if (!current.names.length) fail(current.line, `entity ${current.reference} has no nameAlias`);
    const { line: _line, ...entry } = current;
    entries.push({ ...entry, primaryName: entry.names[0] ?? '' });
    current = null;
  });

  parser.write(xml).close();
  if (fault) throw fault;
  if (root === null) throw malformed(file, null, 'the file is empty');
  if (!entries.length) throw malformed(file, null, 'no sanctionEntity found');
  return entries;
}
