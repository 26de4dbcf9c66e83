import { describe, expect, it } from 'vitest';
import { appropriatenessQuestions } from '@bourse/contract';
import { appropriatenessTexts } from './appropriateness-texts';

describe('appropriateness texts', () => {
  it('are every question and answer of the contract, each marked for the catalogue', () => {
    const contract = new Set(appropriatenessQuestions.flatMap((q) => [q.text, ...q.answers.map((a) => a.text)]));
    expect(new Set(appropriatenessTexts)).toEqual(contract);
  });
});
