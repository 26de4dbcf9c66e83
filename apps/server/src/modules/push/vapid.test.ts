import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveVapid } from './vapid.ts';

const none = { publicKey: null, privateKey: null, subject: null };
const set = { publicKey: 'BPub', privateKey: 'priv', subject: 'mailto:ops@example.com' };
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'bourse-vapid-'));

describe('VAPID keys', () => {
  it('turn push off in production unless all three are set, never falling back to a made-up key', () => {
    const dataDir = tempDir();
    expect(resolveVapid({ env: 'production', dataDir, vapid: none })).toBeNull();
    expect(resolveVapid({ env: 'production', dataDir, vapid: { ...set, subject: null } })).toBeNull();
    expect(resolveVapid({ env: 'production', dataDir, vapid: set })).toEqual(set);
    expect(() => statSync(path.join(dataDir, 'vapid-keys.json'))).toThrow();
  });

  it('outside production, are generated once into the data dir and kept across restarts', () => {
    const dataDir = tempDir();
    const first = resolveVapid({ env: 'development', dataDir, vapid: none })!;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(first.subject).toMatch(/^mailto:/);
    const file = path.join(dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).privateKey).toBe(first.privateKey);
    expect(resolveVapid({ env: 'development', dataDir, vapid: none })).toEqual(first);
    expect(resolveVapid({ env: 'development', dataDir, vapid: set })).toEqual(set);
  });
});
