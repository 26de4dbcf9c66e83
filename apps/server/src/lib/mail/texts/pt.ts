import type { MailTexts } from './en.ts';

export const pt: MailTexts = {
  layout: {
    code: 'O seu código',
    linkFallback: 'Se o botão não funcionar, copie este link para o seu navegador:',
    footer: 'Este e-mail foi enviado por {{site}} para {{email}}.',
  },
  emailCode: {
    subject: 'O seu código {{site}}: {{code}}',
    lines: ['Introduza este código na página de registo para confirmar o seu endereço de e-mail. É válido durante {{minutes}} minutos.', 'Se não começou a registar-se em {{site}}, ignore este e-mail.'],
  },
  resetPassword: {
    subject: 'Redefina a sua palavra-passe',
    lines: ['Abra este link nos próximos {{minutes}} minutos para escolher uma nova palavra-passe.', 'Se não pediu isto, ignore este e-mail.'],
    action: 'Escolher uma nova palavra-passe',
  },
  passwordChanged: {
    subject: 'A sua palavra-passe foi alterada',
    lines: ['A sua palavra-passe foi alterada e os seus outros dispositivos terminaram a sessão. Se não foi você, redefina a palavra-passe e contacte o suporte de imediato.'],
  },
  emailChangeConfirm: {
    subject: 'Confirme o seu novo endereço de e-mail',
    lines: ['Abra este link nos próximos {{minutes}} minutos para que {{email}} passe a ser o e-mail da sua conta.', 'Se não pediu isto, ignore este e-mail.'],
    action: 'Confirmar o meu novo endereço',
  },
  emailChangeRequested: {
    subject: 'Foi pedida uma alteração do seu endereço de e-mail',
    lines: ['Alguém com sessão iniciada na sua conta pediu para alterar o e-mail para {{email}}. Nada muda até o link enviado para esse endereço ser aberto. Se não foi você, altere a palavra-passe e contacte o suporte.'],
  },
  emailChanged: {
    subject: 'O seu endereço de e-mail foi alterado',
    lines: ['O e-mail da sua conta foi alterado para {{email}}. Se não foi você, contacte o suporte de imediato.'],
  },
  twoFactorOn: {
    subject: 'Início de sessão em dois passos ativado',
    lines: ['O início de sessão em dois passos está ativado: ao iniciar sessão é pedido um código da sua aplicação de autenticação.'],
  },
  twoFactorOff: {
    subject: 'Início de sessão em dois passos desativado',
    lines: ['O início de sessão em dois passos foi desativado. Se não foi você, altere a palavra-passe e contacte o suporte de imediato.'],
  },
  recoveryCodeUsed: {
    subject: 'Foi usado um código de recuperação para iniciar sessão',
    lines: ['Foi usado um código de recuperação para iniciar sessão. Códigos de recuperação restantes: {{left}}. Se não foi você, altere a palavra-passe de imediato.'],
  },
};
