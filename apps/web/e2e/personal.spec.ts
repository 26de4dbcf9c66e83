import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import sharp from 'sharp';
import { apiCall, lastMailedLink, newCustomer, openSignedIn, screenshots, test } from './helpers';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A landscape photo: the server must crop it to a square. */
const landscape = () => sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 30, g: 144, b: 255 } } }).jpeg().toBuffer();

test('a customer edits the profile, uploads a photo, changes the password, turns on two-factor and signs in with it', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  const other = await apiCall<{ data: { token: string } }>(baseURL!, 'POST', '/auth/login', { body: { email: user.email, password: user.password } });
  await openSignedIn(page, user, '/main/personal');
  await expect(page.getByRole('heading', { name: 'Personal Details' })).toBeVisible();

  // Profile: the SPEC's message for a short name, then a full save.
  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('First name').fill('A');
  await profile.getByRole('button', { name: 'Save details' }).click();
  await expect(profile.getByText('First name must be at least 2 characters')).toBeVisible();
  await profile.getByLabel('First name').fill('Ada');
  await profile.getByLabel('Last name').fill('Lovelace');
  await profile.getByLabel('Country code').selectOption('+44');
  await profile.getByLabel('Phone').fill('20 7946 0958');
  await profile.getByLabel('Address line 1').fill('12 St James Square');
  await profile.getByLabel('City').fill('London');
  await profile.getByLabel('Postal code').fill('SW1Y 4JH');
  await profile.getByLabel('Country', { exact: true }).selectOption('united-kingdom');
  await profile.getByLabel('Date of birth').fill('1990-12-10');
  await screenshots(page, 'personal');
  await profile.getByRole('button', { name: 'Save details' }).click();
  await expect(toast(page, 'Your details have been saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Ada Lovelace');
  await page.keyboard.press('Escape');

  // Photo: cropped square on the server, shown on the page and in the header menu button.
  await page.getByLabel('Photo file').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: await landscape() });
  await expect(toast(page, 'Your photo has been updated.')).toBeVisible();
  const photo = page.getByRole('region', { name: 'Photo' }).getByRole('img', { name: 'Ada Lovelace' });
  await expect(photo).toBeVisible();
  // A signed, expiring link that the browser loads without a bearer header.
  const header = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(header).toHaveAttribute('src', /\/api\/v1\/avatars\/[0-9a-f]{32}\.webp\?expires=\d+&signature=[\w-]+$/);
  await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  expect(await photo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([256, 256]);
  await screenshots(page, 'personal-photo');

  // Password: the other session is signed out, this one stays.
  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByLabel('Current password').fill('wrong-password');
  await password.getByLabel('New password', { exact: true }).fill('new-e2e-password');
  await password.getByLabel('Confirm new password').fill('new-e2e-password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('The current password is incorrect.')).toBeVisible();
  await password.getByLabel('Current password').fill(user.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, /Your password has been changed\. 1 other session was signed out\./)).toBeVisible();
  await expect(apiCall(baseURL!, 'GET', '/user', { token: other.data.token })).rejects.toThrow(/401/);
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Sessions' })).toContainText('This device');

  // Two-factor: password, the secret under the QR code, the first code, then the recovery codes.
  await page.getByRole('region', { name: 'Two-factor sign-in' }).getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await dialog.getByLabel('Password', { exact: true }).fill('new-e2e-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
  await screenshots(page, 'personal-2fa-setup');
  await dialog.getByLabel('6-digit code from the app').fill(await generate({ secret }));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await screenshots(page, 'personal-2fa-codes');
  await dialog.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toContainText('On');
  await screenshots(page, 'personal-security');

  // Sign out and back in: the password, then a code (the next one the app shows).
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('new-e2e-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  const step = page.getByRole('form', { name: 'Two-factor code' });
  await expect(step.getByLabel('Authentication code')).toBeVisible();
  await step.getByLabel('Authentication code').fill('000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByText('The code is invalid or has already been used.')).toBeVisible();
  await screenshots(page, 'login-2fa');
  await step.getByLabel('Authentication code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/main/);
  await expect(toast(page, 'Welcome back, Ada')).toBeVisible();
});

test('a customer changes the email through the link sent to the new address', async ({ page, baseURL }) => {
  const user = await newCustomer(baseURL!);
  const newEmail = `new.${user.email}`;
  await openSignedIn(page, user, '/main/personal');
  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(toast(page, `We sent a confirmation link to ${newEmail}.`)).toBeVisible();
  await expect(form).toContainText(`Waiting for confirmation: open the link we sent to ${newEmail}.`);

  const link = new URL(await lastMailedLink(newEmail, '/confirm-email'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByText(`Your email is now ${newEmail}.`)).toBeVisible();
  await screenshots(page, 'confirm-email');
  await page.getByRole('link', { name: 'Back to Personal Details' }).click();
  await expect(page.getByRole('form', { name: 'Change email' })).toContainText(`You sign in with ${newEmail}.`);

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Email not changed' })).toBeVisible();
  await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
});
