import type { TextLang } from '@shop/contract';
import { mailHtml, mailText, SHOP_NAME, storefrontLink, type MailContent } from './layout.ts';
import type { Mail } from './mailer.ts';

type Texts = { subject: string; greeting: (name: string) => string; intro: string; action: string; expiry: string; ignore: string };

const TEXTS: Record<TextLang, Texts> = {
  en: {
    subject: 'Reset your password',
    greeting: (name) => `Hello ${name},`,
    intro: `We received a request to reset the password of your ${SHOP_NAME} account. Choose a new password with the link below.`,
    action: 'Choose a new password',
    expiry: 'The link works once and expires in one hour.',
    ignore: "If you didn't ask for this, ignore this email: your password stays as it is.",
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    greeting: (name) => `Bonjour ${name},`,
    intro: `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${SHOP_NAME}. Choisissez un nouveau mot de passe avec le lien ci-dessous.`,
    action: 'Choisir un nouveau mot de passe',
    expiry: "Le lien n'est valable qu'une fois et expire dans une heure.",
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
  it: {
    subject: 'Reimposta la tua password',
    greeting: (name) => `Ciao ${name},`,
    intro: `Abbiamo ricevuto una richiesta di reimpostare la password del tuo account ${SHOP_NAME}. Scegli una nuova password con il link qui sotto.`,
    action: 'Scegli una nuova password',
    expiry: "Il link vale una sola volta e scade tra un'ora.",
    ignore: 'Se non hai fatto tu questa richiesta, ignora questa email: la tua password resta invariata.',
  },
  es: {
    subject: 'Restablece tu contraseña',
    greeting: (name) => `Hola, ${name}:`,
    intro: `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${SHOP_NAME}. Elige una nueva contraseña con el siguiente enlace.`,
    action: 'Elegir una nueva contraseña',
    expiry: 'El enlace solo se puede usar una vez y caduca en una hora.',
    ignore: 'Si no lo has solicitado tú, ignora este correo: tu contraseña no cambiará.',
  },
  de: {
    subject: 'Setzen Sie Ihr Passwort zurück',
    greeting: (name) => `Hallo ${name},`,
    intro: `wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei ${SHOP_NAME} zurückzusetzen. Über den folgenden Link wählen Sie ein neues Passwort.`,
    action: 'Neues Passwort wählen',
    expiry: 'Der Link ist nur einmal gültig und läuft in einer Stunde ab.',
    ignore: 'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  pl: {
    subject: 'Zresetuj swoje hasło',
    greeting: (name) => `Dzień dobry, ${name}!`,
    intro: `Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta ${SHOP_NAME}. Wybierz nowe hasło, korzystając z poniższego linku.`,
    action: 'Wybierz nowe hasło',
    expiry: 'Link działa tylko raz i wygasa po godzinie.',
    ignore: 'Jeśli to nie Ty prosiłeś o zmianę, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
  },
};

export type PasswordResetMail = { to: string; firstName: string; lang: TextLang; token: string; storefrontUrl: string };

/** The mail with the link to the storefront's new-password screen, in the shopper's language. */
export function passwordResetMail({ to, firstName, lang, token, storefrontUrl }: PasswordResetMail): Mail {
  const texts = TEXTS[lang];
  const content: MailContent = {
    lang,
    greeting: texts.greeting(firstName),
    paragraphs: [texts.intro],
    action: { label: texts.action, url: storefrontLink(storefrontUrl, lang, `/auth/set-new-password?token=${encodeURIComponent(token)}`) },
    smallPrint: [texts.expiry, texts.ignore],
  };
  return { to, subject: texts.subject, text: mailText(content), html: mailHtml(content, texts.subject) };
}
