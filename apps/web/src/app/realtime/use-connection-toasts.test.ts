import { describe, expect, it } from 'vitest';
import { DEFAULT_FAILURE } from '@/lib/realtime';
import { failureToastText } from './use-connection-toasts';

describe('connection failure toast', () => {
  it('names the reason when there is one', () => {
    expect(failureToastText('The server took too long to answer.')).toBe('Connection failed: The server took too long to answer.');
  });
  it('says Unknown error when there is none', () => {
    expect(failureToastText(null)).toBe('Connection failed: Unknown error');
    expect(failureToastText(DEFAULT_FAILURE)).toBe('Connection failed: Unknown error');
  });
});
