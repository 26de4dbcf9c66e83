import type { MailTexts } from './en.ts';

export const fr: MailTexts = {
  layout: {
    code: 'Votre code',
    linkFallback: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
    footer: 'Cet e-mail a été envoyé par {{site}} à {{email}}.',
  },
  emailCode: {
    subject: 'Votre code {{site}} : {{code}}',
    lines: ["Saisissez ce code sur la page d'inscription pour confirmer votre adresse e-mail. Il est valable {{minutes}} minutes.", "Si vous n'avez pas commencé à vous inscrire chez {{site}}, ignorez cet e-mail."],
  },
  resetPassword: {
    subject: 'Réinitialisez votre mot de passe',
    lines: ['Ouvrez ce lien dans les {{minutes}} minutes pour choisir un nouveau mot de passe.', "Si vous n'avez rien demandé, ignorez cet e-mail."],
    action: 'Choisir un nouveau mot de passe',
  },
  passwordChanged: {
    subject: 'Votre mot de passe a été modifié',
    lines: ["Votre mot de passe a été modifié et vos autres appareils ont été déconnectés. Si ce n'était pas vous, réinitialisez votre mot de passe et contactez le support sans attendre."],
  },
  emailChangeConfirm: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    lines: ["Ouvrez ce lien dans les {{minutes}} minutes pour faire de {{email}} l'adresse e-mail de votre compte.", "Si vous n'avez rien demandé, ignorez cet e-mail."],
    action: 'Confirmer ma nouvelle adresse',
  },
  emailChangeRequested: {
    subject: 'Un changement de votre adresse e-mail a été demandé',
    lines: ["Une personne connectée à votre compte a demandé à changer son adresse e-mail pour {{email}}. Rien ne change tant que le lien envoyé à cette adresse n'est pas ouvert. Si ce n'était pas vous, changez votre mot de passe et contactez le support."],
  },
  emailChanged: {
    subject: 'Votre adresse e-mail a été modifiée',
    lines: ["L'adresse e-mail de votre compte est désormais {{email}}. Si ce n'était pas vous, contactez le support sans attendre."],
  },
  twoFactorOn: {
    subject: 'Connexion à deux facteurs activée',
    lines: ["La connexion à deux facteurs est activée : la connexion demande un code de votre application d'authentification."],
  },
  twoFactorOff: {
    subject: 'Connexion à deux facteurs désactivée',
    lines: ["La connexion à deux facteurs a été désactivée. Si ce n'était pas vous, changez votre mot de passe et contactez le support sans attendre."],
  },
  recoveryCodeUsed: {
    subject: 'Un code de récupération a servi à se connecter',
    lines: ["Un code de récupération a servi à se connecter. Codes de récupération restants : {{left}}. Si ce n'était pas vous, changez votre mot de passe sans attendre."],
  },
};
