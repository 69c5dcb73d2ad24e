import type { Language } from '@solar/shared';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const TEXTS = {
  reset: {
    subject: {
      en: 'Reset your password',
      de: 'Passwort zurücksetzen',
      es: 'Restablecer su contraseña',
    },
    body: {
      en: 'Someone asked to reset the password of your Solar Partner Portal account. The link below works once, for one hour. If it was not you, ignore this e-mail.',
      de: 'Für Ihr Konto im Solar Partnerportal wurde das Zurücksetzen des Passworts angefordert. Der folgende Link funktioniert einmal und eine Stunde lang. Falls Sie das nicht waren, ignorieren Sie diese E-Mail.',
      es: 'Alguien ha solicitado restablecer la contraseña de su cuenta del Portal de socios solares. El enlace funciona una sola vez, durante una hora. Si no fue usted, ignore este correo.',
    },
    action: { en: 'Choose a new password', de: 'Neues Passwort wählen', es: 'Elegir una nueva contraseña' },
  },
  invite: {
    subject: {
      en: 'You have been invited to the Solar Partner Portal',
      de: 'Sie wurden zum Solar Partnerportal eingeladen',
      es: 'Ha sido invitado al Portal de socios solares',
    },
    body: {
      en: '{company} has invited you to its team on the Solar Partner Portal. Set your password with the link below (valid for 7 days) and log in.',
      de: '{company} hat Sie in sein Team im Solar Partnerportal eingeladen. Legen Sie über den folgenden Link (7 Tage gültig) Ihr Passwort fest und melden Sie sich an.',
      es: '{company} le ha invitado a su equipo en el Portal de socios solares. Defina su contraseña con el siguiente enlace (válido 7 días) e inicie sesión.',
    },
    action: { en: 'Set your password', de: 'Passwort festlegen', es: 'Definir su contraseña' },
  },
  // A former member (access removed) invited again: the account and its password are still there.
  rejoin: {
    subject: {
      en: 'Welcome back to the Solar Partner Portal',
      de: 'Willkommen zurück im Solar Partnerportal',
      es: 'Bienvenido de nuevo al Portal de socios solares',
    },
    body: {
      en: '{company} has added you to its team on the Solar Partner Portal again. Log in with your e-mail address and your password. If you no longer know it, choose a new one with the link below (valid for 7 days).',
      de: '{company} hat Sie wieder in sein Team im Solar Partnerportal aufgenommen. Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an. Falls Sie es nicht mehr wissen, wählen Sie über den folgenden Link (7 Tage gültig) ein neues.',
      es: '{company} le ha vuelto a añadir a su equipo en el Portal de socios solares. Inicie sesión con su correo electrónico y su contraseña. Si ya no la recuerda, elija una nueva con el siguiente enlace (válido 7 días).',
    },
    action: { en: 'Choose a new password', de: 'Neues Passwort wählen', es: 'Elegir una nueva contraseña' },
  },
  greeting: { en: 'Hello', de: 'Hallo', es: 'Hola' },
} as const;

/** Why a password link is sent: a reset asked for, an invitation, or a former member invited again. */
export type PasswordMailPurpose = 'reset' | 'invite' | 'rejoin';

/** The e-mail with a password link, in the recipient's language; user text is escaped in HTML. */
export function buildPasswordMail(opts: {
  purpose: PasswordMailPurpose;
  lang: Language;
  link: string;
  firstName: string;
  companyName?: string;
}) {
  const t = TEXTS[opts.purpose];
  const lang = opts.lang in t.subject ? opts.lang : 'de';
  const body = t.body[lang].replace('{company}', opts.companyName ?? '');
  const greeting = `${TEXTS.greeting[lang]}${opts.firstName ? ` ${opts.firstName}` : ''},`;
  const text = `${greeting}\n\n${body}\n\n${t.action[lang]}: ${opts.link}\n`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(opts.link)}">${escapeHtml(t.action[lang])}</a></p>`;
  return { subject: t.subject[lang], text, html };
}
