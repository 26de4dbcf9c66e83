import { describe, expect, it } from 'vitest';
import { alertMessages } from '@bourse/contract';
import { initialForm, levelDirection, readForm } from './alert-form';

describe('alert form', () => {
  it('starts at the price picked on the chart, or at the current price', () => {
    expect(initialForm(5, 1.1, 1.12345).level).toBe('1.12345');
    expect(initialForm(2, 60_000).level).toBe('60000.00');
    expect(initialForm(5, null).level).toBe('');
  });

  it('takes the side of the price the level is on until the customer picks one', () => {
    const form = initialForm(5, 1.1, 1.09);
    expect(levelDirection(form, 1.1)).toBe('below');
    expect(levelDirection({ ...form, level: '1.1' }, 1.1)).toBe('above');
    expect(levelDirection({ ...form, levelDirection: 'above' }, 1.1)).toBe('above');
  });

  it('reads a body the server accepts, or the contract’s messages', () => {
    const form = initialForm(5, 1.1, 1.12);
    expect(readForm({ ...form, note: '  Breakout ' }, 1.1)).toEqual({
      body: { kind: 'level', direction: 'above', level: 1.12, repeat: false, cooldown_seconds: 3600, email_offline: false, note: 'Breakout' },
    });
    expect(readForm({ ...form, level: '' }, 1.1)).toEqual({ errors: { level: alertMessages.level } });
    expect(readForm({ ...form, kind: 'move', percent: '0.01' }, 1.1)).toEqual({ errors: { percent: alertMessages.percent } });
    expect(readForm({ ...form, kind: 'move', percent: '1.5', moveDirection: 'down', window: '5m' }, 1.1)).toMatchObject({
      body: { kind: 'move', direction: 'down', percent: 1.5, window: '5m' },
    });
  });
});
