/**
 * The English mail texts, source of the other languages. `{{name}}` is replaced by a parameter.
 * Each template has a subject, its paragraphs and, when the mail carries a link, its button.
 */
export const en = {
  layout: {
    code: 'Your code',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    footer: 'This email was sent by {{site}} to {{email}}.',
  },
  emailCode: {
    subject: 'Your {{site}} code: {{code}}',
    lines: ['Enter this code on the sign-up page to confirm your email address. It works for {{minutes}} minutes.', 'If you did not start signing up with {{site}}, ignore this email.'],
  },
  resetPassword: {
    subject: 'Reset your password',
    lines: ['Open this link within {{minutes}} minutes to choose a new password.', 'If you did not ask for this, ignore this email.'],
    action: 'Choose a new password',
  },
  passwordChanged: {
    subject: 'Your password was changed',
    lines: ['Your password was changed and your other devices were signed out. If this was not you, reset your password and contact support at once.'],
  },
  emailChangeConfirm: {
    subject: 'Confirm your new email address',
    lines: ['Open this link within {{minutes}} minutes to make {{email}} the email of your account.', 'If you did not ask for this, ignore this email.'],
    action: 'Confirm my new address',
  },
  emailChangeRequested: {
    subject: 'A change of your email address was requested',
    lines: ['Someone signed in to your account asked to change its email to {{email}}. Nothing changes until the link sent to that address is opened. If this was not you, change your password and contact support.'],
  },
  emailChanged: {
    subject: 'Your email address was changed',
    lines: ["Your account's email was changed to {{email}}. If this was not you, contact support at once."],
  },
  twoFactorOn: {
    subject: 'Two-factor sign-in turned on',
    lines: ['Two-factor sign-in is now on: signing in asks for a code from your authenticator app.'],
  },
  twoFactorOff: {
    subject: 'Two-factor sign-in turned off',
    lines: ['Two-factor sign-in was turned off. If this was not you, change your password and contact support at once.'],
  },
  recoveryCodeUsed: {
    subject: 'A recovery code was used to sign in',
    lines: ['A recovery code was used to sign in. Recovery codes left: {{left}}. If this was not you, change your password at once.'],
  },
} as const;

type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : T[K] extends readonly string[] ? readonly string[] : Texts<T[K]> };
/** What every language provides: the same templates, lines and buttons as English. */
export type MailTexts = Texts<typeof en>;
export type MailTemplate = Exclude<keyof typeof en, 'layout'>;
