import type { BACK_OFFICE_LANGS, StaffRole } from '@shop/contract/admin';
import { mailHtml, mailText, SHOP_NAME, type MailContent } from './layout.ts';
import type { Mail } from './mailer.ts';

type Texts = { subject: string; greeting: string; intro: (role: string) => string; action: string; expiry: string; roles: Record<StaffRole, string> };

const TEXTS: Record<(typeof BACK_OFFICE_LANGS)[number], Texts> = {
  en: {
    subject: `You are invited to the ${SHOP_NAME} back office`,
    greeting: 'Hello,',
    intro: (role) => `You are invited to run the ${SHOP_NAME} shop in its back office, as ${role}. Set your password and your authenticator app (two-factor sign-in) with the link below.`,
    action: 'Set up my account',
    expiry: 'The link works once and expires in 72 hours. If you did not expect this invitation, ignore this email.',
    roles: { owner: 'owner', manager: 'manager', fulfilment: 'fulfilment', customer_service: 'customer service', catalogue: 'catalogue' },
  },
  it: {
    subject: `Sei invitato nel back office di ${SHOP_NAME}`,
    greeting: 'Ciao,',
    intro: (role) => `Sei invitato a gestire il negozio ${SHOP_NAME} nel suo back office, con il ruolo ${role}. Imposta la password e l'app di autenticazione (accesso in due passaggi) con il link qui sotto.`,
    action: 'Configura il mio account',
    expiry: 'Il link vale una sola volta e scade tra 72 ore. Se non ti aspettavi questo invito, ignora questa email.',
    roles: { owner: 'titolare', manager: 'responsabile', fulfilment: 'spedizioni', customer_service: 'assistenza clienti', catalogue: 'catalogo' },
  },
  fr: {
    subject: `Vous êtes invité dans le back-office de ${SHOP_NAME}`,
    greeting: 'Bonjour,',
    intro: (role) => `Vous êtes invité à gérer la boutique ${SHOP_NAME} dans son back-office, avec le rôle « ${role} ». Choisissez votre mot de passe et configurez votre application d’authentification (connexion en deux étapes) avec le lien ci-dessous.`,
    action: 'Configurer mon compte',
    expiry: 'Le lien n’est valable qu’une fois et expire dans 72 heures. Si vous n’attendiez pas cette invitation, ignorez cet e-mail.',
    roles: { owner: 'propriétaire', manager: 'gérant', fulfilment: 'expédition', customer_service: 'service client', catalogue: 'catalogue' },
  },
  es: {
    subject: `Te han invitado al back office de ${SHOP_NAME}`,
    greeting: 'Hola:',
    intro: (role) => `Te han invitado a gestionar la tienda ${SHOP_NAME} desde su back office, con el rol «${role}». Elige tu contraseña y configura tu aplicación de autenticación (inicio de sesión en dos pasos) con el enlace de abajo.`,
    action: 'Configurar mi cuenta',
    expiry: 'El enlace solo se puede usar una vez y caduca en 72 horas. Si no esperabas esta invitación, ignora este correo.',
    roles: { owner: 'propietario', manager: 'responsable', fulfilment: 'envíos', customer_service: 'atención al cliente', catalogue: 'catálogo' },
  },
  de: {
    subject: `Einladung in das Backoffice von ${SHOP_NAME}`,
    greeting: 'Guten Tag,',
    intro: (role) => `Sie sind eingeladen, den Shop ${SHOP_NAME} in seinem Backoffice zu betreuen, in der Rolle „${role}“. Legen Sie über den Link unten Ihr Passwort fest und richten Sie Ihre Authenticator-App ein (Anmeldung in zwei Schritten).`,
    action: 'Mein Konto einrichten',
    expiry: 'Der Link ist nur einmal gültig und läuft in 72 Stunden ab. Falls Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail.',
    roles: { owner: 'Inhaber', manager: 'Leitung', fulfilment: 'Versand', customer_service: 'Kundenservice', catalogue: 'Katalog' },
  },
  pl: {
    subject: `Zaproszenie do panelu sklepu ${SHOP_NAME}`,
    greeting: 'Dzień dobry,',
    intro: (role) => `Zapraszamy do prowadzenia sklepu ${SHOP_NAME} w jego panelu, w roli „${role}”. Ustaw hasło i aplikację uwierzytelniającą (logowanie dwuetapowe) przez poniższy link.`,
    action: 'Skonfiguruj moje konto',
    expiry: 'Link działa tylko raz i wygasa po 72 godzinach. Jeśli nie spodziewasz się tego zaproszenia, zignoruj tę wiadomość.',
    roles: { owner: 'właściciel', manager: 'kierownik', fulfilment: 'wysyłka', customer_service: 'obsługa klienta', catalogue: 'katalog' },
  },
};

export type StaffInvitationMail = { to: string; role: StaffRole; lang: (typeof BACK_OFFICE_LANGS)[number]; url: string };

/** The invitation to the back office with the one-time set-up link (the one `npm run staff:create` prints). */
export function staffInvitationMail({ to, role, lang, url }: StaffInvitationMail): Mail {
  const texts = TEXTS[lang];
  const content: MailContent = { lang, greeting: texts.greeting, paragraphs: [texts.intro(texts.roles[role])], action: { label: texts.action, url }, smallPrint: [texts.expiry] };
  return { to, subject: texts.subject, text: mailText(content), html: mailHtml(content, texts.subject) };
}
