import { describe, expect, it } from 'vitest';
import { type Alert, alertCooldownLabels, alertCooldowns, alertWindowLabels, alertWindows, describeAlert } from '@bourse/contract';
import { cooldownNames, describeCondition, windowNames } from './alert-words';

const english = (message: string, values: Record<string, string | number> = {}) => message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
type Condition = Pick<Alert, 'kind' | 'direction' | 'level' | 'percent' | 'window' | 'digits'>;

describe('alert words', () => {
  it('say in English exactly what the contract says', () => {
    const conditions: Condition[] = [
      { kind: 'level', direction: 'above', level: 1.105, percent: null, window: null, digits: 5 },
      { kind: 'level', direction: 'below', level: 65000, percent: null, window: null, digits: 2 },
      ...(['up', 'down', 'either'] as const).flatMap((direction) => alertWindows.map((window) => ({ kind: 'move' as const, direction, level: null, percent: 2.5, window, digits: 5 }))),
    ];
    for (const c of conditions) expect(describeCondition(c, english)).toBe(describeAlert(c));
    for (const w of alertWindows) expect(windowNames[w]).toBe(alertWindowLabels[w]);
    for (const s of alertCooldowns) expect(cooldownNames[s]).toBe(alertCooldownLabels[s]);
  });
});
