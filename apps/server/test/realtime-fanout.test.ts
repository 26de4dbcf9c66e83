import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, events } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { pusherClient, within, type Pusher } from './helpers/pusher-clients.ts';
import { PusherSocket } from './helpers/pusher-socket.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let nodeA: TestServer;
let nodeB: TestServer;
let alice: TestUser;
let pusher: Pusher;

beforeAll(async () => {
  // Two nodes of one deployment: same app secret, same Redis channel (unique to this run).
  const base = loadConfig({ NODE_ENV: 'test' });
  const shared = {
    redisUrl: REDIS_URL,
    pusher: { ...base.pusher, secret: randomBytes(16).toString('hex') },
    realtime: { ...base.realtime, redisPrefix: `bourse-test-${randomBytes(6).toString('hex')}:` },
  };
  [nodeA, nodeB] = await Promise.all([startTestServer(shared), startTestServer(shared)]);
  alice = await createTestUser(nodeA);
});
afterAll(async () => {
  pusher?.disconnect();
  await Promise.all([nodeA?.close(), nodeB?.close()]);
});

describe('Redis fan-out between nodes', () => {
  it('delivers to a pusher-js client on node A an event published on node B', async () => {
    pusher = pusherClient(nodeA, alice.token);
    const channel = pusher.subscribe(`private-${channels.notification(alice.id)}`);
    await within(5000, (done) => channel.bind('pusher:subscription_succeeded', done), 'subscription');
    const received = within(5000, (done) => channel.bind(events.notification, done), 'event from node B');
    await nodeB.ctx.broadcaster.publish(channels.notification(alice.id), events.notification, { id: 7, title: 'Hi', message: 'From B', color: 'info' });
    expect(await received).toEqual({ id: 7, title: 'Hi', message: 'From B', color: 'info' });
  });

  it('delivers exactly once on the publishing node itself', async () => {
    const socket = await PusherSocket.open(nodeA);
    await socket.subscribe(nodeA, alice.token, `private-${channels.user(alice.id)}`);
    await nodeA.ctx.broadcaster.publish(channels.user(alice.id), events.userUpdated, { id: alice.id });
    await nodeB.ctx.broadcaster.publish(channels.user(alice.id), events.userUpdated, { id: alice.id });
    await socket.event(`private-${channels.user(alice.id)}`, events.userUpdated);
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.frames.filter((f) => f.event === events.userUpdated)).toHaveLength(2);
    socket.close();
  });
});
