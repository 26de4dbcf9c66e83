import { deflateSync, crc32 } from 'node:zlib';
import { expect, type Browser, type Page, type WebSocket } from '@playwright/test';
import { ADMIN, adminToken, apiCall, newCustomer, openSignedIn, screenshots, type Customer, test } from './helpers';
import { CHAT_POLL_MS, RETRY_MS } from '../src/config/constants';
import { expectAfterTimers } from './support/clock';

/** A real 24×24 PNG (a green square), built byte by byte. */
function tinyPng(): Buffer {
  const size = 24;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: size }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([22, 163, 74]))])));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** Resolves once the page's realtime connection has joined `channel` (full name, with `private-`). */
/**
 * Resolves once an open websocket of the page has joined `channel`: the page that signed in joins
 * too, but its socket closes when the test navigates, and an event sent then would be missed.
 */
function joined(page: Page, channel: string): () => Promise<void> {
  const sockets: { ws: WebSocket; joined: boolean }[] = [];
  page.on('websocket', (ws) => {
    const entry = { ws, joined: false };
    sockets.push(entry);
    ws.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes('pusher_internal:subscription_succeeded') && text.includes(`"${channel}"`)) entry.joined = true;
    });
  });
  return () => expect.poll(() => sockets.some((s) => s.joined && !s.ws.isClosed()), { timeout: 15_000 }).toBe(true);
}

async function openAs(browser: Browser, user: { email: string; password: string }, path: string, waitFor?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const ready = waitFor ? joined(page, waitFor) : null;
  await openSignedIn(page, user, path);
  await ready?.();
  return page;
}

const connected = (page: Page) => expect(page.getByTestId('connection-status').first()).toHaveAttribute('data-status', 'connected', { timeout: 15_000 });
const bubble = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

async function adminWrites(baseURL: string, customer: Customer, message: string) {
  await apiCall(baseURL, 'POST', '/chat/messages', { token: await adminToken(baseURL), body: { message, attachments: [], customer_id: customer.id } });
}

test('a customer and an admin chat both ways live, with an image and read receipts', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const client = await openAs(browser, customer, '/main/chat');
  await expect(client.getByText('No messages yet')).toBeVisible();
  await expect(client.getByText('Start a conversation by typing a message below')).toBeVisible();
  await connected(client);
  await expect(client.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await screenshots(client, 'chat-empty');

  const input = client.getByRole('textbox', { name: 'Message' });
  await input.fill('Hello support');
  await input.press('Shift+Enter');
  await input.pressSequentially('second line');
  await input.press('Enter');
  await expect(bubble(client, 'Hello support')).toContainText('second line');
  await expect(input).toHaveValue('');

  const admin = await openAs(browser, ADMIN, '/admin/chat', 'private-admin');
  await expect(admin.getByText('Select a user to start chatting')).toBeVisible();
  await admin.getByPlaceholder('Search users...').fill(customer.email);
  const row = admin.getByTestId('chat-user').filter({ hasText: customer.email });
  await expect(row.getByText('1 unread', { exact: true })).toBeVisible();
  await input.fill('Are you there?');
  await input.press('Enter');
  await expect(row.getByText('2 unread', { exact: true })).toBeVisible();
  await admin.getByRole('tab', { name: 'Unread' }).click();
  await expect(row).toBeVisible();
  await screenshots(admin, 'admin-chat-no-selection');
  await row.click();
  await expect(bubble(admin, 'Hello support')).toBeVisible();
  await expect(bubble(admin, 'Are you there?')).toBeVisible();
  await expect(admin.getByTestId('account-summary')).toContainText('$10,000.00');
  await expect(bubble(client, 'Are you there?').getByTestId('read-receipt')).toHaveText('• Read');
  await expect(row.getByText(/unread/)).toHaveCount(0);

  await connected(admin);
  await admin.getByTestId('chat-file-input').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: tinyPng() });
  const chip = admin.getByTestId('attachment-chip');
  await expect(chip).toContainText('chart.png');
  await expect(chip).not.toContainText('%');
  await admin.getByRole('textbox', { name: 'Message' }).fill('Here is your chart <b>not bold</b>');
  await admin.getByRole('button', { name: 'Send message' }).click();
  await expect(chip).toHaveCount(0);

  const reply = bubble(client, 'Here is your chart');
  await expect(reply).toContainText('<b>not bold</b>');
  await expect(reply.getByRole('img', { name: 'chart.png' })).toBeVisible();
  await expect(reply.getByRole('link', { name: /Download chart.png/ })).toHaveAttribute('href', /download/);
  await expect(bubble(admin, 'Here is your chart').getByTestId('read-receipt')).toBeVisible();
  await screenshots(client, 'chat-conversation');
  await screenshots(admin, 'admin-chat-conversation');

  // Read now, the customer has left the Unread tab.
  await admin.getByRole('tab', { name: 'All' }).click();
  await admin.setViewportSize({ width: 375, height: 812 });
  await admin.getByRole('button', { name: 'Show Users' }).click();
  await expect(admin.getByRole('complementary', { name: 'Users' }).getByTestId('chat-user').first()).toBeInViewport();
  await admin.screenshot({ path: 'screenshots/admin-chat-drawer-375.png' });
});

test('an unattachable file is marked Error and says why', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const client = await openAs(browser, customer, '/main/chat');
  await connected(client);
  await client.getByTestId('chat-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
  await expect(client.getByTestId('attachment-chip')).toContainText('Error');
  await expect(client.getByText(/The file must be an image/)).toBeVisible();
  await expect(client.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await screenshots(client, 'chat-attachment-error');
  await client.getByRole('button', { name: 'Remove notes.txt' }).click();
  await expect(client.getByTestId('attachment-chip')).toHaveCount(0);
});

test('the unread alert appears when support writes elsewhere and opens the chat', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const client = await openAs(browser, customer, '/main/dashboard', `private-chat.customer.${customer.id}`);
  await expect(client.getByRole('heading', { name: `Welcome, ${customer.firstName}` })).toBeVisible();

  await adminWrites(baseURL!, customer, 'First note from support');
  const alert = client.getByTestId('unread-alert');
  await expect(alert).toHaveText('You have 1 unread message, TAP TO VIEW');
  await adminWrites(baseURL!, customer, 'Second note from support');
  await expect(alert).toHaveText('You have 2 unread messages, TAP TO VIEW');
  await screenshots(client, 'unread-alert');

  await alert.click();
  await expect(client).toHaveURL(/\/main\/chat$/);
  await expect(alert).toHaveCount(0);
  await expect(bubble(client, 'Second note from support')).toBeVisible();
  await client.goto('/main/dashboard');
  await expect(client.getByRole('heading', { name: `Welcome, ${customer.firstName}` })).toBeVisible();
  await expect(client.getByTestId('unread-alert')).toHaveCount(0);
});

test('a notification from the admin shows as a banner and closing marks it read', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const login = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: customer.email, password: customer.password } });
  // The approval note from sign-up is read first, so the banner shows only this test's notification.
  for (const note of (await apiCall<{ data: { notifications: { id: number }[] } }>(baseURL!, 'GET', '/user', { token: login.data.token })).data.notifications) {
    await apiCall(baseURL!, 'POST', `/notifications/${note.id}/read`, { token: login.data.token, body: {} });
  }
  const client = await openAs(browser, customer, '/main/dashboard', `private-notification.${customer.id}`);
  await expect(client.getByTestId('notification-banner')).toHaveCount(0);

  await apiCall(baseURL!, 'POST', '/admin/notifications', {
    token: await adminToken(baseURL!),
    body: { user_id: customer.id, title: 'Deposit received', message: 'Your deposit of $500.00 has been credited.', color: 'success' },
  });
  const banner = client.getByTestId('notification-banner');
  await expect(banner).toContainText('Deposit received');
  await expect(banner).toContainText('Your deposit of $500.00 has been credited.');
  await screenshots(client, 'notification-banner');
  await banner.getByRole('button', { name: 'Close' }).click();
  await expect(banner).toHaveCount(0);
  await expect
    .poll(async () => (await apiCall<{ data: { notifications: unknown[] } }>(baseURL!, 'GET', '/user', { token: login.data.token })).data.notifications.length)
    .toBe(0);
});

test('a message and a notification sent while the private channels are being signed still show', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const client = await context.newPage();
  // The channel signatures are held back until the admin has written: those events reach no one.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await client.route('**/api/v1/broadcasting/auth', async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  await openSignedIn(client, customer, '/main/chat');
  await expect(client.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect.poll(() => asked).toBeGreaterThanOrEqual(2);
  await adminWrites(baseURL!, customer, 'Written while you were subscribing');
  await apiCall(baseURL!, 'POST', '/admin/notifications', { token: await adminToken(baseURL!), body: { user_id: customer.id, title: 'Early note', message: 'Sent before the channel was ready.' } });
  release();
  await expect(bubble(client, 'Written while you were subscribing')).toBeVisible();
  await expect(client.getByTestId('notification-banner')).toContainText('Early note');
  await context.close();
});

test('what is typed while a message is on its way stays in the box', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const client = await openAs(browser, customer, '/main/chat');
  await connected(client);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await client.route('**/api/v1/chat/messages', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  const input = client.getByRole('textbox', { name: 'Message' });
  await input.fill('First message');
  await input.press('Enter');
  await expect(client.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await input.fill('The next one, half typed');
  release();
  await expect(bubble(client, 'First message')).toBeVisible();
  await expect(input).toHaveValue('The next one, half typed');
  await client.context().close();
});

test('a dropped connection shows Reconnecting..., polls, and recovers without losing a message', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const client = await openAs(browser, customer, '/main/chat');
  await connected(client);
  await client.getByRole('textbox', { name: 'Message' }).fill('Typed before the drop');

  await client.context().setOffline(true);
  await expect(client.getByTestId('connection-status')).toHaveText('Reconnecting...', { timeout: 20_000 });
  await expect(client.getByPlaceholder('Reconnecting...')).toBeDisabled();
  await expect(client.getByText('Reconnecting to server...')).toBeVisible();
  await client.getByRole('button', { name: 'Send message' }).click();
  await expect(client.getByText('Connection lost. Messages cannot be sent at this time.')).toBeVisible();
  await screenshots(client, 'chat-reconnecting');
  await adminWrites(baseURL!, customer, 'Sent while you were offline');
  await client.context().setOffline(false);

  await connected(client);
  await expect(client.getByText('Connected to server')).toBeVisible();
  await expect(bubble(client, 'Sent while you were offline')).toBeVisible();
  await expect(client.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await client.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(bubble(client, 'Typed before the drop')).toBeVisible();
  await adminWrites(baseURL!, customer, 'And this one live');
  await expect(bubble(client, 'And this one live')).toBeVisible();
});

test('with websockets blocked the chat falls back to polling every 5 s', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.routeWebSocket(/\/app\//, (ws) => ws.close());
  const client = await context.newPage();
  await client.clock.install();
  await openSignedIn(client, customer, '/main/chat');
  await expect(client.getByTestId('connection-status')).not.toHaveAttribute('data-status', 'connected');
  await expect(client.getByText('No messages yet')).toBeVisible();
  await adminWrites(baseURL!, customer, 'Delivered by polling');
  // One polling interval on (the page's clock skips it), the next poll brings the message.
  await client.clock.fastForward(CHAT_POLL_MS);
  await expect(bubble(client, 'Delivered by polling')).toBeVisible();
});

test('a long conversation loads older pages at the top, keeps the place, and flags new messages', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const login = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: customer.email, password: customer.password } });
  for (let i = 1; i <= 45; i++) {
    await apiCall(baseURL!, 'POST', '/chat/messages', { token: login.data.token, body: { message: `Message ${i}`, attachments: [] } });
  }
  const client = await openAs(browser, customer, '/main/chat', `private-chat.customer.${customer.id}`);
  await expect(client.getByText('Message 45', { exact: true })).toBeInViewport();
  // Virtualised: only the rows near the viewport are in the page.
  expect(await client.getByTestId('chat-message').count()).toBeLessThan(30);

  const scroller = client.getByTestId('chat-scroll');
  const text = (t: string) => client.getByText(t, { exact: true });
  const oldest = () => text('Message 1');
  await expect(oldest()).toHaveCount(0);
  await scroller.evaluate((el) => (el.scrollTop = 0));
  await expect(text('Message 15')).toBeAttached();
  // The reader stays where they were: the message at the top before the load is still in view.
  await expect(text('Message 16')).toBeInViewport();
  await scroller.evaluate((el) => (el.scrollTop = 0));
  await expect(oldest()).toBeInViewport();
  await screenshots(client, 'chat-history');

  await adminWrites(baseURL!, customer, 'A reply while you read history');
  const jump = client.getByRole('button', { name: 'Scroll to bottom, new messages' });
  await expect(jump).toBeVisible();
  await expect(client.getByTestId('new-message-dot')).toBeVisible();
  await client.screenshot({ path: 'screenshots/chat-new-message-dot-1280.png' });
  await jump.click();
  await expect(bubble(client, 'A reply while you read history')).toBeInViewport();
  await expect(client.getByTestId('new-message-dot')).toHaveCount(0);
});

test('the admin user list says it is retrying when loading fails, then recovers', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await admin.clock.install();
  let failing = true;
  await admin.route('**/api/v1/admin/users', (route) =>
    failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }) : route.continue(),
  );
  await openSignedIn(admin, ADMIN, '/admin/chat');
  await expect(admin.getByText('Failed to load users. Retrying...')).toBeVisible();
  await screenshots(admin, 'admin-chat-users-failed');
  failing = false;
  await expectAfterTimers(admin, RETRY_MS, async () => (await admin.getByText('Failed to load users. Retrying...').count()) === 0);
  await admin.getByPlaceholder('Search users...').fill(customer.email);
  await expect(admin.getByTestId('chat-user')).toHaveCount(1);
  await admin.getByPlaceholder('Search users...').fill('no such customer anywhere');
  await expect(admin.getByText('No users found')).toBeVisible();
});

test('a connection that cannot be set up says why, and Reconnect brings it back', async ({ browser, baseURL }) => {
  const customer = await newCustomer(baseURL!);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const client = await context.newPage();
  let failing = true;
  await client.route('**/api/v1/realtime/config', (route) =>
    failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Realtime is unavailable."}' }) : route.continue(),
  );
  await openSignedIn(client, customer, '/main/chat');
  await expect(client.getByText('Connection failed: Realtime is unavailable.')).toBeVisible();
  const status = client.getByTestId('connection-status');
  await expect(status).toHaveAttribute('data-status', 'failed');
  await expect(status).toContainText('Disconnected');
  await screenshots(client, 'chat-disconnected');
  failing = false;
  await status.getByRole('button', { name: 'Reconnect' }).click();
  await expect(status).toHaveAttribute('data-status', 'connected');
  await expect(client.getByRole('textbox', { name: 'Message' })).toBeEnabled();
});
