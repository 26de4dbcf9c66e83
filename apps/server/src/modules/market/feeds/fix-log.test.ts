import { describe, expect, it } from 'vitest';
import { fixLogFactory, redactFix } from './fix-log.ts';

describe('FIX log lines', () => {
  it('mask passwords in raw messages, in either separator, and in decoded ones', () => {
    const raw = '8=FIX.4.4\x019=90\x0135=A\x0149=BOURSE\x0156=LP\x01553=bourse\x01554=s3cret|x\x01925=n3w\x0110=123\x01';
    expect(redactFix(raw)).toBe('8=FIX.4.4\x019=90\x0135=A\x0149=BOURSE\x0156=LP\x01553=bourse\x01554=***\x01925=***\x0110=123\x01');
    expect(redactFix('35=A|553=bourse|554=s3cret|108=30')).toBe('35=A|553=bourse|554=***|108=30');
    expect(redactFix('{"Username":"bourse","Password":"s\\"3cret","HeartBtInt":30}')).toBe('{"Username":"bourse","Password":"***","HeartBtInt":30}');
    // A tag that merely ends in 554 is left alone.
    expect(redactFix('35=W|1554=7')).toBe('35=W|1554=7');
  });

  it('never hand the engine’s messages to the log with a password in them', () => {
    const written: string[] = [];
    const log = { info: (_: object, m: string) => void written.push(m), debug: (_: object, m: string) => void written.push(m), trace: (_: object, m: string) => void written.push(m) };
    const logger = fixLogFactory(log).logger('session');
    logger.info('sent 35=A|554=s3cret|');
    logger.debug('{"Password":"s3cret"}');
    logger.warning('554=s3cret');
    expect(written.join('\n')).not.toContain('s3cret');
    expect(written).toHaveLength(3);
  });
});
