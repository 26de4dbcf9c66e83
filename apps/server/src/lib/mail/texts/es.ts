import type { MailTexts } from './en.ts';

export const es: MailTexts = {
  layout: {
    code: 'Tu código',
    linkFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
    footer: '{{site}} envió este correo a {{email}}.',
  },
  emailCode: {
    subject: 'Tu código de {{site}}: {{code}}',
    lines: ['Introduce este código en la página de registro para confirmar tu dirección de correo. Es válido durante {{minutes}} minutos.', 'Si no empezaste a registrarte en {{site}}, ignora este correo.'],
  },
  resetPassword: {
    subject: 'Restablece tu contraseña',
    lines: ['Abre este enlace en los próximos {{minutes}} minutos para elegir una contraseña nueva.', 'Si no lo pediste, ignora este correo.'],
    action: 'Elegir una contraseña nueva',
  },
  passwordChanged: {
    subject: 'Tu contraseña ha cambiado',
    lines: ['Tu contraseña ha cambiado y se ha cerrado la sesión en tus otros dispositivos. Si no fuiste tú, restablece tu contraseña y contacta con soporte de inmediato.'],
  },
  emailChangeConfirm: {
    subject: 'Confirma tu nueva dirección de correo',
    lines: ['Abre este enlace en los próximos {{minutes}} minutos para que {{email}} sea el correo de tu cuenta.', 'Si no lo pediste, ignora este correo.'],
    action: 'Confirmar mi nueva dirección',
  },
  emailChangeRequested: {
    subject: 'Se ha pedido cambiar tu dirección de correo',
    lines: ['Alguien con sesión iniciada en tu cuenta pidió cambiar su correo a {{email}}. Nada cambia hasta que se abra el enlace enviado a esa dirección. Si no fuiste tú, cambia tu contraseña y contacta con soporte.'],
  },
  emailChanged: {
    subject: 'Tu dirección de correo ha cambiado',
    lines: ['El correo de tu cuenta ha cambiado a {{email}}. Si no fuiste tú, contacta con soporte de inmediato.'],
  },
  twoFactorOn: {
    subject: 'Inicio de sesión en dos pasos activado',
    lines: ['El inicio de sesión en dos pasos está activado: al iniciar sesión se pide un código de tu aplicación de autenticación.'],
  },
  twoFactorOff: {
    subject: 'Inicio de sesión en dos pasos desactivado',
    lines: ['Se desactivó el inicio de sesión en dos pasos. Si no fuiste tú, cambia tu contraseña y contacta con soporte de inmediato.'],
  },
  recoveryCodeUsed: {
    subject: 'Se usó un código de recuperación para iniciar sesión',
    lines: ['Se usó un código de recuperación para iniciar sesión. Códigos de recuperación restantes: {{left}}. Si no fuiste tú, cambia tu contraseña de inmediato.'],
  },
};
