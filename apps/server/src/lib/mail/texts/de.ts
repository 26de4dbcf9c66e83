import type { MailTexts } from './en.ts';

export const de: MailTexts = {
  layout: {
    code: 'Ihr Code',
    linkFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    footer: 'Diese E-Mail wurde von {{site}} an {{email}} gesendet.',
  },
  emailCode: {
    subject: 'Ihr Code bei {{site}}: {{code}}',
    lines: ['Geben Sie diesen Code auf der Registrierungsseite ein, um Ihre E-Mail-Adresse zu bestätigen. Er gilt {{minutes}} Minuten.', 'Wenn Sie sich nicht bei {{site}} registrieren wollten, ignorieren Sie diese E-Mail.'],
  },
  resetPassword: {
    subject: 'Passwort zurücksetzen',
    lines: ['Öffnen Sie diesen Link innerhalb von {{minutes}} Minuten, um ein neues Passwort zu wählen.', 'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail.'],
    action: 'Neues Passwort wählen',
  },
  passwordChanged: {
    subject: 'Ihr Passwort wurde geändert',
    lines: ['Ihr Passwort wurde geändert und Ihre anderen Geräte wurden abgemeldet. Wenn Sie das nicht waren, setzen Sie Ihr Passwort zurück und wenden Sie sich sofort an den Support.'],
  },
  emailChangeConfirm: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    lines: ['Öffnen Sie diesen Link innerhalb von {{minutes}} Minuten, um {{email}} zur E-Mail-Adresse Ihres Kontos zu machen.', 'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail.'],
    action: 'Neue Adresse bestätigen',
  },
  emailChangeRequested: {
    subject: 'Eine Änderung Ihrer E-Mail-Adresse wurde angefordert',
    lines: ['Jemand, der in Ihrem Konto angemeldet ist, möchte dessen E-Mail-Adresse in {{email}} ändern. Nichts ändert sich, bevor der an diese Adresse gesendete Link geöffnet wird. Wenn Sie das nicht waren, ändern Sie Ihr Passwort und wenden Sie sich an den Support.'],
  },
  emailChanged: {
    subject: 'Ihre E-Mail-Adresse wurde geändert',
    lines: ['Die E-Mail-Adresse Ihres Kontos wurde in {{email}} geändert. Wenn Sie das nicht waren, wenden Sie sich sofort an den Support.'],
  },
  twoFactorOn: {
    subject: 'Zwei-Faktor-Anmeldung eingeschaltet',
    lines: ['Die Zwei-Faktor-Anmeldung ist jetzt eingeschaltet: Bei der Anmeldung wird ein Code aus Ihrer Authenticator-App abgefragt.'],
  },
  twoFactorOff: {
    subject: 'Zwei-Faktor-Anmeldung ausgeschaltet',
    lines: ['Die Zwei-Faktor-Anmeldung wurde ausgeschaltet. Wenn Sie das nicht waren, ändern Sie Ihr Passwort und wenden Sie sich sofort an den Support.'],
  },
  recoveryCodeUsed: {
    subject: 'Ein Wiederherstellungscode wurde zur Anmeldung verwendet',
    lines: ['Ein Wiederherstellungscode wurde zur Anmeldung verwendet. Verbleibende Wiederherstellungscodes: {{left}}. Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort.'],
  },
};
