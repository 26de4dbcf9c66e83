import { describe, expect, it } from 'vitest';
import { attachmentsReducer, canSend, chipLabel, readyUrls, type AttachmentAction, type AttachmentChip } from './attachment-state';

const run = (...actions: AttachmentAction[]) => actions.reduce<AttachmentChip[]>(attachmentsReducer, []);
const add = (id: string, fileName = `${id}.png`): AttachmentAction => ({ type: 'add', id, fileName, isImage: true });

describe('attachment chips', () => {
  it('starts uploading at 0% and shows the percent as it goes', () => {
    const [chip] = run(add('a'), { type: 'progress', id: 'a', percent: 41.6 });
    expect(chip).toMatchObject({ status: 'uploading', progress: 42, url: null });
    expect(chipLabel(chip!)).toBe('42%');
  });

  it('is ready with its URL once uploaded, and shows no percent any more', () => {
    const [chip] = run(add('a'), { type: 'uploaded', id: 'a', url: '/files/1' });
    expect(chip).toMatchObject({ status: 'uploaded', progress: 100, url: '/files/1' });
    expect(chipLabel(chip!)).toBe('');
  });

  it('is marked Error when the upload fails, and a late progress does not revive it', () => {
    const [chip] = run(add('a'), { type: 'failed', id: 'a' }, { type: 'progress', id: 'a', percent: 80 }, { type: 'uploaded', id: 'a', url: '/x' });
    expect(chip).toMatchObject({ status: 'error', url: null });
    expect(chipLabel(chip!)).toBe('Error');
  });

  it('removes one chip or clears them all', () => {
    expect(run(add('a'), add('b'), { type: 'remove', id: 'a' }).map((c) => c.id)).toEqual(['b']);
    expect(run(add('a'), add('b'), { type: 'clear' })).toEqual([]);
  });

  it('clamps progress to 0..100', () => {
    expect(run(add('a'), { type: 'progress', id: 'a', percent: 140 })[0]!.progress).toBe(100);
    expect(run(add('a'), { type: 'progress', id: 'a', percent: -3 })[0]!.progress).toBe(0);
  });
});

describe('send rules (SPEC §5)', () => {
  const uploaded = run(add('a'), { type: 'uploaded', id: 'a', url: '/files/1' });
  it('needs text or a ready file', () => {
    expect(canSend('', [])).toBe(false);
    expect(canSend('   \n ', [])).toBe(false);
    expect(canSend('hi', [])).toBe(true);
    expect(canSend('', uploaded)).toBe(true);
  });

  it('waits for uploads still running and ignores failed ones', () => {
    expect(canSend('hi', run(add('a')))).toBe(false);
    expect(canSend('', run(add('a'), { type: 'failed', id: 'a' }))).toBe(false);
    expect(readyUrls([...uploaded, ...run(add('b'), { type: 'failed', id: 'b' })])).toEqual(['/files/1']);
  });
});
