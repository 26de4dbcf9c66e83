import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { expect, type Browser, type Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { ADMIN, adminToken, apiCall, newCustomer, openSignedIn, screenshots, test } from './helpers';

const slow = process.env.CI ? 180_000 : 150_000;

/** A real PNG of `width`×`height` in one colour, built chunk by chunk. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** A one-page PDF letter, as a utility bill would be. */
function pdf(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.fontSize(18).text(text);
    doc.end();
  });
}

const card = (page: Page, kind: string) => page.getByTestId(`document-${kind}`);
async function upload(page: Page, kind: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await card(page, kind).locator('input[type=file]').setInputFiles(file);
  await expect(card(page, kind).getByText('In review')).toBeVisible();
}

async function openAdmin(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await openSignedIn(admin, ADMIN, '/admin/clients');
  return { admin, close: () => context.close() };
}

test('a customer verifies identity: uploads, a rejection with its reason, a new upload, approval of all four', async ({ page, browser, baseURL }) => {
  test.setTimeout(slow);
  const user = await newCustomer(baseURL!, { approve: false });
  const front = { name: 'passport-front.png', mimeType: 'image/png', buffer: png(480, 300, [70, 110, 170]) };
  const back = { name: 'passport-back.png', mimeType: 'image/png', buffer: png(480, 300, [120, 120, 140]) };
  const selfie = { name: 'selfie.png', mimeType: 'image/png', buffer: png(300, 400, [200, 160, 130]) };
  const bill = { name: 'electricity-bill.pdf', mimeType: 'application/pdf', buffer: await pdf('Electricity bill, 1 Main Street') };

  await openSignedIn(page, user, '/main/verification');
  await expect(page.getByRole('heading', { name: 'Verification', level: 1 })).toBeVisible();
  await expect(page.getByText('Verify your identity', { exact: true })).toBeVisible();
  await expect(card(page, 'selfie')).toContainText('Accepted: JPEG or PNG · up to 8 MB');
  await expect(card(page, 'id_front')).toContainText('Not uploaded');
  await screenshots(page, 'verification-empty');

  // A text file dressed as a picture is refused by the server, which judges the bytes.
  await card(page, 'id_front').locator('input[type=file]').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expect(card(page, 'id_front').getByRole('alert')).toHaveText('Upload a JPEG, PNG or PDF file.');

  await upload(page, 'id_front', front);
  await upload(page, 'id_back', back);
  await upload(page, 'proof_of_address', bill);
  await upload(page, 'selfie', selfie);
  await expect(page.getByText('Documents in review', { exact: true })).toBeVisible();
  await expect(page.getByTestId('verification-requirement')).toHaveText(
    'Until all four documents are approved you can trade on demo accounts and deposit into a live account. Orders on a live account and withdrawals need all four documents approved.',
  );
  await screenshots(page, 'verification-customer');

  // The file comes with the session's token; its address alone opens nothing.
  const downloading = page.waitForEvent('download');
  await card(page, 'id_front').getByRole('button', { name: /passport-front\.png/ }).click();
  const saved = await downloading;
  expect(saved.suggestedFilename()).toBe('passport-front.png');
  expect((await readFile((await saved.path())!)).equals(front.buffer)).toBe(true);
  const own = await apiCall<{ data: { documents: { file: { download_url: string } }[] } }>(baseURL!, 'GET', '/verification', {
    token: await page.evaluate(() => JSON.parse(localStorage.getItem('user-storage')!).state.token as string),
  });
  expect((await page.request.get(own.data.documents[0]!.file.download_url)).status()).toBe(401);

  const { admin, close } = await openAdmin(browser, baseURL!);
  await admin.getByRole('link', { name: 'Verification' }).first().click();
  await expect(admin.getByRole('button', { name: /To review/ })).toHaveAttribute('aria-pressed', 'true');
  const item = admin.getByTestId('verification-queue-item').filter({ hasText: user.email });
  await expect(item).toContainText('United States');
  await screenshots(admin, 'verification-admin-queue');
  await item.click();
  await expect(admin.getByRole('heading', { name: `${user.firstName} Tester` })).toBeVisible();
  const picture = admin.getByTestId('review-id_front').getByRole('img', { name: 'Identity document (front)' });
  await expect(picture).toBeVisible();
  // Fetched with the admin's token and shown from memory: the picture really decoded.
  await expect(picture).toHaveAttribute('src', /^blob:/);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await expect(admin.getByTestId('review-proof_of_address').getByRole('button', { name: /electricity-bill\.pdf/ })).toBeVisible();
  await screenshots(admin, 'verification-admin-review');

  const address = admin.getByTestId('review-proof_of_address');
  await address.getByRole('button', { name: /^Reject Proof of address/ }).click();
  await address.getByLabel('Reason').fill('The bill must show your full name');
  await address.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(address).toContainText('Rejected: The bill must show your full name');

  await expect(card(page, 'proof_of_address')).toContainText('Reason: The bill must show your full name');
  await expect(page.getByText('One document was rejected')).toBeVisible();
  await screenshots(page, 'verification-rejected');
  await upload(page, 'proof_of_address', { ...bill, name: 'bill-with-name.pdf', buffer: await pdf(`Electricity bill for ${user.firstName} Tester`) });

  await admin.reload();
  for (const kind of ['id_front', 'id_back', 'proof_of_address', 'selfie']) {
    const review = admin.getByTestId(`review-${kind}`);
    await review.getByRole('button', { name: /^Approve/ }).click();
    await expect(review.getByText('Approved', { exact: true })).toBeVisible();
  }
  await expect(admin.getByRole('complementary', { name: 'Customer' })).toContainText('active');
  await expect(admin.getByText('Earlier uploads')).toBeVisible();
  await screenshots(admin, 'verification-admin-approved');
  await close();

  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card(page, 'selfie')).toContainText('Approved documents cannot be changed.');
  await expect(card(page, 'selfie').locator('input[type=file]')).toHaveCount(0);
  await screenshots(page, 'verification-verified');
  const client = await apiCall<{ data: { status: string } }>(baseURL!, 'GET', `/admin/clients/${user.id}`, { token: await adminToken(baseURL!) });
  expect(client.data.status).toBe('active');
});
