import { describe, expect, it } from 'vitest';
import * as contract from '@bourse/contract';
import { errorMessages } from './error-messages';

/** The contract's message constants: `messages` and every exported `…Messages` object of texts. */
function contractMessages(): Set<string> {
  const objects = Object.entries(contract).filter(([name, value]) => /^(m|\w+M)essages$/.test(name) && typeof value === 'object' && value !== null);
  // A message with values inside is a function: it has no fixed words to be a key.
  return new Set(objects.flatMap(([, value]) => Object.values(value as Record<string, unknown>).filter((text): text is string => typeof text === 'string')));
}

describe('error messages', () => {
  it('are every message constant of the contract, each marked for the catalogue', () => {
    expect(new Set(errorMessages)).toEqual(contractMessages());
  });

  it('cover the message objects the server answers with', () => {
    expect(contractMessages().size).toBeGreaterThan(150);
  });
});
