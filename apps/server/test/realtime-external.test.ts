import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, events } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { pusherClient, within, type Pusher } from './helpers/pusher-clients.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Node B uses the `pusher` driver (the official server SDK) against node A's gateway, which serves
// the Pusher HTTP publishing API: the setup of an operator running Soketi or Reverb, with Bourse's
// own gateway standing in for the service.
let service: TestServer;
let node: TestServer;
let alice: TestUser;
let pusher: Pusher;

beforeAll(async () => {
  const base = loadConfig({ NODE_ENV: 'test' });
  const credentials = { ...base.pusher, appId: 'bourse-app', secret: randomBytes(16).toString('hex') };
  service = await startTestServer({ pusher: credentials });
  const port = Number(new URL(service.url).port);
  node = await startTestServer({
    pusher: { ...credentials, host: '127.0.0.1', port, useTls: false },
    realtime: { ...base.realtime, driver: 'pusher' },
  });
  alice = await createTestUser(service);
});
afterAll(async () => {
  pusher?.disconnect();
  await Promise.all([node?.close(), service?.close()]);
});

describe('external Pusher-protocol service driver', () => {
  it('publishes through the official SDK to clients connected to the service', async () => {
    pusher = pusherClient(service, alice.token);
    const channel = pusher.subscribe(`private-${channels.user(alice.id)}`);
    await within(5000, (done) => channel.bind('pusher:subscription_succeeded', done), 'subscription');
    const received = within(5000, (done) => channel.bind(events.userUpdated, done), 'event through the HTTP API');
    await node.ctx.broadcaster.publish(channels.user(alice.id), events.userUpdated, { id: alice.id });
    expect(await received).toEqual({ id: alice.id });
  });

  it('points clients at the service', async () => {
    const res = await node.call('GET', '/realtime/config');
    expect(res.body.data).toMatchObject({ driver: 'pusher', ws_host: '127.0.0.1', ws_port: Number(new URL(service.url).port), force_tls: false });
  });

  it('refuses unsigned or wrongly signed publications', async () => {
    const body = JSON.stringify({ name: 'x', channel: 'private-user.1', data: '{}' });
    const post = (query: string) => fetch(`${service.url}/apps/bourse-app/events?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect((await post('')).status).toBe(401);
    const ts = Math.floor(Date.now() / 1000);
    expect((await post(`auth_key=bourse-key&auth_timestamp=${ts}&auth_version=1.0&auth_signature=${'0'.repeat(64)}`)).status).toBe(401);
  });
});
