import { describe, expect, it } from 'vitest';
import { mayAuthorise, ownerOf } from './channel-access.ts';
import { isSocketId, signChannel, verifyChannelAuth } from './pusher-protocol.ts';

const customer = { userId: 7, role: 'customer' as const };
const admin = { userId: 1, role: 'admin' as const };

describe('mayAuthorise', () => {
  it("signs a customer's own channels only", () => {
    for (const name of ['notification', 'user', 'trade']) {
      expect(mayAuthorise(customer, `private-${name}.7`)).toBe(true);
      expect(mayAuthorise(customer, `private-${name}.8`)).toBe(false);
    }
    expect(mayAuthorise(customer, 'private-chat.customer.7')).toBe(true);
    expect(mayAuthorise(customer, 'private-chat.customer.8')).toBe(false);
    expect(mayAuthorise(customer, 'private-admin')).toBe(false);
  });

  it("lets an admin into any customer's chat and the admin channel, not into others' user channels", () => {
    expect(mayAuthorise(admin, 'private-chat.customer.8')).toBe(true);
    expect(mayAuthorise(admin, 'private-admin')).toBe(true);
    expect(mayAuthorise(admin, 'private-user.8')).toBe(false);
    expect(mayAuthorise(admin, 'private-user.1')).toBe(true);
  });

  it('refuses look-alikes', () => {
    for (const name of ['user.7', 'presence-user.7', 'private-user.7.1', 'private-user.07x', 'private-user.7 ', 'private-chat.customer.', 'private-admin2', 'private-user.99999999999']) {
      expect(mayAuthorise(customer, name)).toBe(false);
    }
  });

  it('knows who a subscription proves present', () => {
    expect(ownerOf('private-user.7')).toBe(7);
    expect(ownerOf('private-chat.customer.7')).toBeNull();
    expect(ownerOf('private-admin')).toBeNull();
  });
});

describe('pusher signatures', () => {
  it('matches the protocol: key:hex(hmac-sha256(secret, socket_id:channel))', () => {
    // The worked example of the Pusher Channels authentication docs.
    expect(signChannel('278d425bdf160c739803', '7ad3773142a6692b25b8', '1234.1234', 'private-foobar')).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  it('verifies only the exact socket and channel', () => {
    const auth = signChannel('k', 's', '1.2', 'private-user.7');
    expect(verifyChannelAuth('k', 's', '1.2', 'private-user.7', auth)).toBe(true);
    expect(verifyChannelAuth('k', 's', '1.3', 'private-user.7', auth)).toBe(false);
    expect(verifyChannelAuth('k', 's', '1.2', 'private-user.8', auth)).toBe(false);
    expect(verifyChannelAuth('k', 'other', '1.2', 'private-user.7', auth)).toBe(false);
    expect(verifyChannelAuth('k', 's', '1.2', 'private-user.7', undefined)).toBe(false);
  });

  it('accepts socket ids of the protocol form only', () => {
    expect(isSocketId('123.456')).toBe(true);
    for (const bad of ['123', '1.2.3', 'a.b', '1.2\n', '']) expect(isSocketId(bad)).toBe(false);
  });
});
