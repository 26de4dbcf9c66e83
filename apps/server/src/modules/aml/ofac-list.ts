import { listedDate, malformed, type ParsedEntry } from './sanctions-file.ts';

/** OFAC writes "-0- " for an empty field. */
const field = (value: string | undefined) => {
  const v = (value ?? '').trim();
  return v === '-0-' ? '' : v;
};

/**
 * Reads CSV as OFAC publishes it (RFC 4180: quoted fields, doubled quotes, CRLF; a last line
 * holding only Ctrl-Z), each record with the line it starts on. An unterminated quote or text
 * after a closing quote is refused with its line.
 */
export function csvRecords(text: string, file: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let line = 1;
  let i = 0;
  const body = text.replace(/^\uFEFF/, '');
  while (i < body.length) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let value = '';
      if (body[i] === '"') {
        i++;
        for (;;) {
          if (i >= body.length) throw malformed(file, start, 'a quoted field is not closed');
          const ch = body[i]!;
          if (ch === '"' && body[i + 1] === '"') {
            value += '"';
            i += 2;
          } else if (ch === '"') {
            i++;
            break;
          } else {
            if (ch === '\n') line++;
            value += ch;
            i++;
          }
        }
        if (i < body.length && body[i] !== ',' && body[i] !== '\r' && body[i] !== '\n') throw malformed(file, line, 'text after a closing quote');
      } else {
        while (i < body.length && body[i] !== ',' && body[i] !== '\r' && body[i] !== '\n') {
          if (body[i] === '"') throw malformed(file, line, 'a quote inside an unquoted field');
          value += body[i++];
        }
      }
      fields.push(value);
      if (body[i] === ',') {
        i++;
        continue;
      }
      if (body[i] === '\r') i++;
      if (body[i] === '\n') {
        i++;
        line++;
      }
      break;
    }
    const blank = fields.length === 1 && (fields[0] === '' || fields[0] === '\u001a');
    if (!blank) records.push({ line: start, fields });
  }
  return records;
}

const SDN_COLUMNS = 12;
const ALT_COLUMNS = 5;

/** Dates of birth from an SDN record's remarks: "DOB 12 Apr 1962; alt. DOB 1963; POB …". */
function birthDatesOf(remarks: string): string[] {
  const dates: string[] = [];
  for (const m of remarks.matchAll(/DOB ((?:circa )?(?:\d{1,2} )?(?:[A-Za-z]{3} )?\d{4}(?: to \d{4})?)/g)) {
    const date = listedDate(m[1]!);
    if (date && !dates.includes(date)) dates.push(date);
  }
  return dates;
}

/**
 * OFAC's SDN list as published: sdn.csv (no header; ent_num, SDN_Name "LAST, First", SDN_Type,
 * Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks) and
 * optionally alt.csv (ent_num, alt_num, alt_type, alt_name, alt_remarks) with the aliases. Vessels
 * and aircraft are left out: customers are people. Every record must have its columns, a numeric
 * ent_num and a name, and every alias an entry of sdn.csv; the first fault is reported with its line.
 */
export function parseOfacList(sdnCsv: string, altCsv: string | null, files = { sdn: 'sdn.csv', alt: 'alt.csv' }): ParsedEntry[] {
  const byNumber = new Map<string, ParsedEntry>();
  const listed = new Set<string>();
  for (const { line, fields } of csvRecords(sdnCsv, files.sdn)) {
    if (fields.length !== SDN_COLUMNS) throw malformed(files.sdn, line, `expected ${SDN_COLUMNS} columns, found ${fields.length}`);
    const [num, name, type, program, , , , , , , , remarks] = fields.map(field);
    if (!/^\d+$/.test(num!)) throw malformed(files.sdn, line, `ent_num "${fields[0]}" is not a number`);
    if (!name) throw malformed(files.sdn, line, `entry ${num} has no name`);
    if (listed.has(num!)) throw malformed(files.sdn, line, `ent_num ${num} appears twice`);
    listed.add(num!);
    if (type === 'vessel' || type === 'aircraft') continue;
    byNumber.set(num!, { reference: num!, kind: type === 'individual' ? 'person' : 'entity', primaryName: name, programmes: program!, birthDates: birthDatesOf(remarks!), names: [name] });
  }
  if (!listed.size) throw malformed(files.sdn, null, 'no entries found');
  if (altCsv !== null) {
    for (const { line, fields } of csvRecords(altCsv, files.alt)) {
      if (fields.length !== ALT_COLUMNS) throw malformed(files.alt, line, `expected ${ALT_COLUMNS} columns, found ${fields.length}`);
      const [num, , , name] = fields.map(field);
      if (!/^\d+$/.test(num!)) throw malformed(files.alt, line, `ent_num "${fields[0]}" is not a number`);
      if (!listed.has(num!)) throw malformed(files.alt, line, `ent_num ${num} is not in ${files.sdn}`);
      if (!name) throw malformed(files.alt, line, `the alias of entry ${num} has no name`);
      const entry = byNumber.get(num!);
      if (entry && !entry.names.includes(name)) entry.names.push(name);
    }
  }
  return [...byNumber.values()];
}
