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
};

export type StaffInvitationMail = { to: string; role: StaffRole; lang: (typeof BACK_OFFICE_LANGS)[number]; url: string };

/** The invitation to the back office with the one-time set-up link (the one `npm run staff:create` prints). */
export function staffInvitationMail({ to, role, lang, url }: StaffInvitationMail): Mail {
  const texts = TEXTS[lang];
  const content: MailContent = { lang, greeting: texts.greeting, paragraphs: [texts.intro(texts.roles[role])], action: { label: texts.action, url }, smallPrint: [texts.expiry] };
  return { to, subject: texts.subject, text: mailText(content), html: mailHtml(content, texts.subject) };
}
