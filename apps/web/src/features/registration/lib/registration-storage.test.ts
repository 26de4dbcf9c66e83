import { describe, expect, it } from 'vitest';
import {
  clearRegistrationData,
  countryDefaults,
  isCountryStepDone,
  readRegistrationData,
  REGISTRATION_MAX_AGE_MS,
  saveCountryStep,
  saveEmailStep,
  type KeyValueStore,
} from './registration-storage';

function memoryStore(): KeyValueStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const now = Date.parse('2025-03-01T12:00:00.000Z');
const stepOne = { email: 'ann@example.com', password: 'secret-pass', country: 'united_states' };

describe('registration_data storage', () => {
  it('saves step one under registration_data with an ISO timestamp and the hyphenated slug', () => {
    const store = memoryStore();
    saveEmailStep(stepOne, store, now);
    expect(JSON.parse(store.items.get('registration_data')!)).toEqual({
      email: 'ann@example.com',
      password: 'secret-pass',
      country: 'united-states',
      timestamp: '2025-03-01T12:00:00.000Z',
    });
    expect(readRegistrationData(store, now)?.email).toBe('ann@example.com');
  });

  it('keeps the proof of the verified email through step two, and drops one that is not text', () => {
    const store = memoryStore();
    saveEmailStep({ ...stepOne, email_token: 'proof-from-the-mailed-code' }, store, now);
    saveCountryStep({ countryOfResidence: 'germany', nationality: 'france', agreePrivacy: true }, store, now);
    expect(readRegistrationData(store, now)).toMatchObject({ email_token: 'proof-from-the-mailed-code', countryOfResidence: 'germany' });
    store.setItem('registration_data', JSON.stringify({ ...JSON.parse(store.items.get('registration_data')!), email_token: 42 }));
    expect(readRegistrationData(store, now)).not.toHaveProperty('email_token');
  });

  it('adds residence, nationality and the privacy agreement in step two', () => {
    const store = memoryStore();
    saveEmailStep(stepOne, store, now);
    const saved = saveCountryStep({ countryOfResidence: 'germany', nationality: 'united_kingdom', agreePrivacy: true }, store, now);
    expect(saved).toMatchObject({ countryOfResidence: 'germany', nationality: 'united-kingdom', agreePrivacy: true, email: 'ann@example.com' });
    expect(readRegistrationData(store, now)).toEqual(saved);
    expect(isCountryStepDone(saved)).toBe(true);
  });

  it('refuses step two when step one is missing', () => {
    const store = memoryStore();
    expect(saveCountryStep({ countryOfResidence: 'germany', nationality: 'germany', agreePrivacy: true }, store, now)).toBeNull();
    expect(store.items.size).toBe(0);
  });

  it('ignores malformed and expired records', () => {
    const store = memoryStore();
    store.setItem('registration_data', '{not json');
    expect(readRegistrationData(store, now)).toBeNull();
    store.setItem('registration_data', JSON.stringify({ email: 'a@b.co' }));
    expect(readRegistrationData(store, now)).toBeNull();
    saveEmailStep(stepOne, store, now);
    expect(readRegistrationData(store, now + REGISTRATION_MAX_AGE_MS - 1)).not.toBeNull();
    expect(readRegistrationData(store, now + REGISTRATION_MAX_AGE_MS + 1)).toBeNull();
  });

  it('clears the record', () => {
    const store = memoryStore();
    saveEmailStep(stepOne, store, now);
    clearRegistrationData(store);
    expect(readRegistrationData(store, now)).toBeNull();
  });

  it('works without browser storage (server-side or blocked storage)', () => {
    expect(readRegistrationData(null, now)).toBeNull();
    expect(saveEmailStep(stepOne, null, now).country).toBe('united-states');
  });

  it('defaults both country selects to the saved choice, else step one country, else united-states', () => {
    expect(countryDefaults(null)).toEqual({ countryOfResidence: 'united-states', nationality: 'united-states' });
    const store = memoryStore();
    const one = saveEmailStep({ ...stepOne, country: 'nigeria' }, store, now);
    expect(countryDefaults(one)).toEqual({ countryOfResidence: 'nigeria', nationality: 'nigeria' });
    const two = saveCountryStep({ countryOfResidence: 'france', nationality: 'japan', agreePrivacy: true }, store, now);
    expect(countryDefaults(two)).toEqual({ countryOfResidence: 'france', nationality: 'japan' });
    expect(countryDefaults({ ...one, country: 'atlantis' })).toEqual({ countryOfResidence: 'united-states', nationality: 'united-states' });
  });
});
