import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Echo from 'laravel-echo';
import { io } from 'socket.io-client';
import { channels, events } from '@bourse/contract';
import { loadConfig } from '../src/config.ts';
import type { GatewayBroadcaster } from '../src/realtime/gateway-broadcaster.ts';
import { createTestUser, type TestUser } from './helpers/factories.ts';
import { pusherClient, whenConnected, within, type Pusher } from './helpers/pusher-clients.ts';
import { PusherSocket } from './helpers/pusher-socket.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
const open: { disconnect(): void }[] = [];

beforeAll(async () => {
  // A one-second activity timeout lets the ping/pong exchange happen within a test.
  server = await startTestServer({ realtime: { ...loadConfig({ NODE_ENV: 'test' }).realtime, activityTimeoutSec: 1 } });
  [alice, bob, admin] = await Promise.all([createTestUser(server), createTestUser(server), createTestUser(server, { role: 'admin' })]);
});
afterAll(async () => {
  for (const c of open) c.disconnect();
  await server.close();
});

function client(user: TestUser, extra: Parameters<typeof pusherClient>[2] = {}): Pusher {
  const pusher = pusherClient(server, user.token, extra);
  open.push(pusher);
  return pusher;
}

function subscribed(pusher: Pusher, name: string) {
  const channel = pusher.subscribe(name);
  return within<typeof channel>(5000, (done) => channel.bind('pusher:subscription_succeeded', () => done(channel)), `subscription to ${name}`);
}

describe('pusher-js against the gateway', () => {
  it('connects with a protocol socket id and the advertised settings', async () => {
    const config = await server.call('GET', '/realtime/config');
    expect(config.status).toBe(200);
    expect(config.body.data).toMatchObject({ driver: 'gateway', key: 'bourse-key', cluster: 'mt1', ws_host: null, auth_endpoint: '/api/v1/broadcasting/auth' });
    const socketId = await whenConnected(client(alice));
    expect(socketId).toMatch(/^\d+\.\d+$/);
  });

  it('subscribes to its own private channel and receives a server-published event', async () => {
    const pusher = client(alice);
    const channel = await subscribed(pusher, `private-${channels.user(alice.id)}`);
    const received = within(5000, (done) => channel.bind(events.userUpdated, done));
    await server.ctx.broadcaster.publish(channels.user(alice.id), events.userUpdated, { id: alice.id });
    expect(await received).toEqual({ id: alice.id });
  });

  it("refuses another user's channel: 403 from the auth endpoint and pusher:subscription_error", async () => {
    const pusher = client(bob);
    await whenConnected(pusher);
    const channel = pusher.subscribe(`private-${channels.notification(alice.id)}`);
    const error = await within<{ type: string; status: number }>(5000, (done) => channel.bind('pusher:subscription_error', done));
    expect(error).toMatchObject({ type: 'AuthError', status: 403 });
    const direct = await server.call('POST', '/broadcasting/auth', {
      token: bob.token,
      body: { socket_id: pusher.connection.socket_id, channel_name: `private-chat.customer.${alice.id}` },
    });
    expect(direct.status).toBe(403);
  });

  it('delivers a chat message to laravel-echo listening for .message.sent after a chat POST', async () => {
    const echo = new Echo({ broadcaster: 'pusher', client: client(alice) });
    open.push(echo);
    const channel = echo.private(channels.chat(alice.id));
    const got = within<{ id: number; message: string; is_admin: boolean }>(5000, (done) => channel.listen('.message.sent', done));
    await within(5000, (done) => channel.subscribed(() => done(null)), 'echo subscription');
    const sent = await server.call('POST', '/chat/messages', { token: admin.token, body: { message: 'Hello from support', customer_id: alice.id } });
    expect(sent.status).toBe(201);
    const message = await got;
    expect(message).toMatchObject({ id: sent.body.data.id, message: 'Hello from support', is_admin: true });
  });

  it('answers pings and keeps an idle-timed connection alive with pongs', async () => {
    const pusher = client(alice, { activityTimeout: 300, pongTimeout: 1000 });
    await whenConnected(pusher);
    const pongs: string[] = [];
    pusher.connection.bind('message', (m: { event: string }) => m.event === 'pusher:pong' && pongs.push(m.event));
    await new Promise((r) => setTimeout(r, 1200));
    expect(pongs.length).toBeGreaterThanOrEqual(2);
    expect(pusher.connection.state).toBe('connected');
  });

  it('pings a silent client and closes it when it never answers', async () => {
    const silent = await PusherSocket.open(server);
    const ping = await silent.next((f) => f.event === 'pusher:ping', 3000);
    expect(ping.event).toBe('pusher:ping');
    const code = await within<number>(4000, (done) => silent.ws.on('close', (c: number) => done(c)));
    expect(code).toBe(4201);
  });

  it('reconnects and resubscribes after the server drops the connection', async () => {
    const pusher = client(alice);
    const channel = await subscribed(pusher, `private-${channels.trade(alice.id)}`);
    const firstId = pusher.connection.socket_id;
    const back = within(10_000, (done) => pusher.connection.bind('connected', done), 'reconnection');
    const gateway = (server.ctx.broadcaster as GatewayBroadcaster).gateway;
    gateway.dropAll();
    await back;
    expect(pusher.connection.socket_id).not.toBe(firstId);
    await within(5000, (done) => channel.bind('pusher:subscription_succeeded', done), 'resubscription');
    const received = within(5000, (done) => channel.bind(events.tradeUpdated, done));
    await server.ctx.broadcaster.publish(channels.trade(alice.id), events.tradeUpdated, { reason: 'opened' });
    expect(await received).toEqual({ reason: 'opened' });
  });
});

describe('sharing the HTTP server with Socket.IO', () => {
  it('leaves /socket.io upgrades to the price socket while serving /app/ itself', async () => {
    const prices = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: { key: server.ctx.config.priceSocketKey }, reconnection: false });
    open.push(prices);
    const pusher = client(alice);
    const [, socketId] = await Promise.all([within(5000, (done) => prices.on('connect', () => done(null)), 'price socket'), whenConnected(pusher)]);
    expect(prices.connected).toBe(true);
    expect(socketId).toMatch(/^\d+\.\d+$/);
  });
});

describe('gateway wire protocol', () => {
  it('sends connection_established with data as a JSON string and answers pusher:ping', async () => {
    const socket = await PusherSocket.open(server);
    expect(socket.socketId).toMatch(/^\d+\.\d+$/);
    socket.send('pusher:ping', {});
    expect((await socket.next((f) => f.event === 'pusher:pong')).data).toEqual({});
    socket.close();
  });

  it('refuses a forged signature with pusher:subscription_error and delivers nothing', async () => {
    const socket = await PusherSocket.open(server);
    const channel = `private-${channels.user(alice.id)}`;
    socket.send('pusher:subscribe', { channel, auth: `bourse-key:${'0'.repeat(64)}` });
    const error = await socket.event(channel, 'pusher:subscription_error');
    expect(error.data).toMatchObject({ type: 'AuthError', status: 401 });
    await server.ctx.broadcaster.publish(channels.user(alice.id), events.userUpdated, { id: alice.id });
    await new Promise((r) => setTimeout(r, 100));
    expect(socket.frames.some((f) => f.event === events.userUpdated)).toBe(false);
    socket.close();
  });

  it('refuses a signature made for another socket', async () => {
    const [a, b] = await Promise.all([PusherSocket.open(server), PusherSocket.open(server)]);
    const channel = `private-${channels.user(alice.id)}`;
    const signed = await server.call('POST', '/broadcasting/auth', { token: alice.token, body: { socket_id: a.socketId, channel_name: channel } });
    b.send('pusher:subscribe', { channel, auth: signed.body.auth });
    expect((await b.event(channel, 'pusher:subscription_error')).data).toMatchObject({ status: 401 });
    a.close();
    b.close();
  });

  it('stops delivering after pusher:unsubscribe', async () => {
    const socket = await PusherSocket.open(server);
    const channel = `private-${channels.notification(alice.id)}`;
    await socket.subscribe(server, alice.token, channel);
    socket.send('pusher:unsubscribe', { channel });
    await new Promise((r) => setTimeout(r, 50));
    await server.ctx.broadcaster.publish(channels.notification(alice.id), events.notification, { id: 1 });
    await new Promise((r) => setTimeout(r, 100));
    expect(socket.frames.some((f) => f.event === events.notification)).toBe(false);
    socket.close();
  });

  it('closes an unknown app key (4001) and an old protocol (4007), and rejects client events', async () => {
    const wrong = PusherSocket.connect(server, '/app/not-the-key?protocol=7');
    const closed = within<number>(3000, (done) => wrong.ws.on('close', (c: number) => done(c)));
    expect((await wrong.next((f) => f.event === 'pusher:error')).data).toMatchObject({ code: 4001 });
    expect(await closed).toBe(4001);
    const old = PusherSocket.connect(server, '/app/bourse-key?protocol=4');
    expect((await old.next((f) => f.event === 'pusher:error')).data).toMatchObject({ code: 4007 });
    const socket = await PusherSocket.open(server);
    socket.send('client-typing', { hello: 1 }, `private-${channels.user(alice.id)}`);
    expect((await socket.next((f) => f.event === 'pusher:error')).data).toMatchObject({ message: 'Client events are not enabled' });
    socket.close();
  });

  it('validates the auth request: socket id format, unknown channels, admin-only channels', async () => {
    const call = (token: string, socket_id: string, channel_name: string) =>
      server.call('POST', '/broadcasting/auth', { token, body: { socket_id, channel_name } });
    expect((await call(alice.token, 'abc', `private-${channels.user(alice.id)}`)).status).toBe(422);
    expect((await call(alice.token, '1.2', 'private-admin')).status).toBe(403);
    expect((await call(alice.token, '1.2', 'private-anything')).status).toBe(403);
    expect((await call(admin.token, '1.2', 'private-admin')).status).toBe(200);
    expect((await call(admin.token, '1.2', `private-chat.customer.${alice.id}`)).status).toBe(200);
    expect((await call(admin.token, '1.2', `private-user.${alice.id}`)).status).toBe(403);
    const form = await fetch(`${server.url}/api/v1/broadcasting/auth`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `socket_id=1.2&channel_name=private-user.${alice.id}`,
    });
    expect(form.status).toBe(200);
    expect(((await form.json()) as { auth: string }).auth).toMatch(/^bourse-key:[0-9a-f]{64}$/);
    expect((await server.call('POST', '/broadcasting/auth', { body: { socket_id: '1.2', channel_name: 'private-admin' } })).status).toBe(401);
  });
});
