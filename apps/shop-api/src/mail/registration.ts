import type { TextLang } from '@shop/contract';
import { mailHtml, mailText, SHOP_NAME, storefrontLink, type MailContent } from './layout.ts';
import type { Mail } from './mailer.ts';

type ConfirmTexts = { subject: string; greeting: (name: string) => string; intro: string; action: string; expiry: string; ignore: string };

/** The mail to a new address: the link that creates the account. */
const CONFIRM_TEXTS: Record<TextLang, ConfirmTexts> = {
  en: {
    subject: 'Confirm your account',
    greeting: (name) => `Hello ${name},`,
    intro: `Thank you for creating an account at ${SHOP_NAME}. Confirm your email address with the link below to finish and sign in.`,
    action: 'Confirm my account',
    expiry: 'The link works once and expires in 24 hours.',
    ignore: "If you didn't create an account, ignore this email: no account will be created.",
  },
  fr: {
    subject: 'Confirmez votre compte',
    greeting: (name) => `Bonjour ${name},`,
    intro: `Merci d'avoir créé un compte chez ${SHOP_NAME}. Confirmez votre adresse e-mail avec le lien ci-dessous pour terminer et vous connecter.`,
    action: 'Confirmer mon compte',
    expiry: "Le lien n'est valable qu'une fois et expire dans 24 heures.",
    ignore: "Si vous n'avez pas créé de compte, ignorez cet e-mail : aucun compte ne sera créé.",
  },
  it: {
    subject: 'Conferma il tuo account',
    greeting: (name) => `Ciao ${name},`,
    intro: `Grazie per aver creato un account su ${SHOP_NAME}. Conferma il tuo indirizzo email con il link qui sotto per completare la registrazione e accedere.`,
    action: 'Conferma il mio account',
    expiry: 'Il link vale una sola volta e scade tra 24 ore.',
    ignore: 'Se non hai creato tu un account, ignora questa email: nessun account verrà creato.',
  },
  es: {
    subject: 'Confirma tu cuenta',
    greeting: (name) => `Hola, ${name}:`,
    intro: `Gracias por crear una cuenta en ${SHOP_NAME}. Confirma tu dirección de correo con el siguiente enlace para terminar e iniciar sesión.`,
    action: 'Confirmar mi cuenta',
    expiry: 'El enlace solo se puede usar una vez y caduca en 24 horas.',
    ignore: 'Si no has creado ninguna cuenta, ignora este correo: no se creará ninguna cuenta.',
  },
  de: {
    subject: 'Bestätigen Sie Ihr Konto',
    greeting: (name) => `Hallo ${name},`,
    intro: `vielen Dank, dass Sie ein Konto bei ${SHOP_NAME} erstellt haben. Bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link, um die Registrierung abzuschließen und sich anzumelden.`,
    action: 'Mein Konto bestätigen',
    expiry: 'Der Link ist nur einmal gültig und läuft in 24 Stunden ab.',
    ignore: 'Falls Sie kein Konto erstellt haben, ignorieren Sie diese E-Mail: Es wird kein Konto angelegt.',
  },
  pl: {
    subject: 'Potwierdź swoje konto',
    greeting: (name) => `Dzień dobry, ${name}!`,
    intro: `Dziękujemy za założenie konta w ${SHOP_NAME}. Potwierdź swój adres e-mail, korzystając z poniższego linku, aby dokończyć rejestrację i się zalogować.`,
    action: 'Potwierdź moje konto',
    expiry: 'Link działa tylko raz i wygasa po 24 godzinach.',
    ignore: 'Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość: żadne konto nie zostanie utworzone.',
  },
};

type KnownTexts = { subject: string; greeting: (name: string) => string; intro: string; signIn: string; reset: string; ignore: string };

/** The mail to an address that already has an account: its owner learns of the attempt, nobody else does. */
const KNOWN_TEXTS: Record<TextLang, KnownTexts> = {
  en: {
    subject: 'Someone tried to create an account with your address',
    greeting: (name) => `Hello ${name},`,
    intro: `Someone tried to create a new ${SHOP_NAME} account with your email address, which already has one. If it was you, sign in, or reset your password if you have forgotten it.`,
    signIn: 'Sign in',
    reset: 'Reset my password',
    ignore: "If it wasn't you, ignore this email: your account has not changed.",
  },
  fr: {
    subject: "Quelqu'un a essayé de créer un compte avec votre adresse",
    greeting: (name) => `Bonjour ${name},`,
    intro: `Quelqu'un a essayé de créer un nouveau compte ${SHOP_NAME} avec votre adresse e-mail, qui en a déjà un. Si c'était vous, connectez-vous, ou réinitialisez votre mot de passe si vous l'avez oublié.`,
    signIn: 'Me connecter',
    reset: 'Réinitialiser mon mot de passe',
    ignore: "Si ce n'était pas vous, ignorez cet e-mail : votre compte n'a pas changé.",
  },
  it: {
    subject: 'Qualcuno ha provato a creare un account con il tuo indirizzo',
    greeting: (name) => `Ciao ${name},`,
    intro: `Qualcuno ha provato a creare un nuovo account ${SHOP_NAME} con il tuo indirizzo email, che ne ha già uno. Se sei stato tu, accedi, oppure reimposta la password se l'hai dimenticata.`,
    signIn: 'Accedi',
    reset: 'Reimposta la mia password',
    ignore: 'Se non sei stato tu, ignora questa email: il tuo account non è cambiato.',
  },
  es: {
    subject: 'Alguien ha intentado crear una cuenta con tu dirección',
    greeting: (name) => `Hola, ${name}:`,
    intro: `Alguien ha intentado crear una nueva cuenta de ${SHOP_NAME} con tu dirección de correo, que ya tiene una. Si has sido tú, inicia sesión, o restablece tu contraseña si la has olvidado.`,
    signIn: 'Iniciar sesión',
    reset: 'Restablecer mi contraseña',
    ignore: 'Si no has sido tú, ignora este correo: tu cuenta no ha cambiado.',
  },
  de: {
    subject: 'Jemand wollte mit Ihrer Adresse ein Konto erstellen',
    greeting: (name) => `Hallo ${name},`,
    intro: `jemand hat versucht, mit Ihrer E-Mail-Adresse ein neues Konto bei ${SHOP_NAME} zu erstellen, obwohl es dafür bereits eines gibt. Falls Sie das waren, melden Sie sich an oder setzen Sie Ihr Passwort zurück, wenn Sie es vergessen haben.`,
    signIn: 'Anmelden',
    reset: 'Mein Passwort zurücksetzen',
    ignore: 'Falls Sie das nicht waren, ignorieren Sie diese E-Mail: An Ihrem Konto hat sich nichts geändert.',
  },
  pl: {
    subject: 'Ktoś próbował założyć konto z Twoim adresem',
    greeting: (name) => `Dzień dobry, ${name}!`,
    intro: `Ktoś próbował założyć nowe konto w ${SHOP_NAME} z Twoim adresem e-mail, do którego konto już istnieje. Jeśli to Ty, zaloguj się lub zresetuj hasło, jeśli go nie pamiętasz.`,
    signIn: 'Zaloguj się',
    reset: 'Zresetuj moje hasło',
    ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość: Twoje konto się nie zmieniło.',
  },
};

type Recipient = { to: string; firstName: string; lang: TextLang; storefrontUrl: string };

const mail = (to: string, subject: string, content: MailContent): Mail => ({ to, subject, text: mailText(content), html: mailHtml(content, subject) });

/** The mail with the link that finishes a registration, in the shopper's language. */
export function registrationConfirmMail({ to, firstName, lang, storefrontUrl, token }: Recipient & { token: string }): Mail {
  const texts = CONFIRM_TEXTS[lang];
  return mail(to, texts.subject, {
    lang,
    greeting: texts.greeting(firstName),
    paragraphs: [texts.intro],
    action: { label: texts.action, url: storefrontLink(storefrontUrl, lang, `/auth/confirm-account?token=${encodeURIComponent(token)}`) },
    smallPrint: [texts.expiry, texts.ignore],
  });
}

/** The mail to the owner of an address someone tried to register again, with the ways back into the account. */
export function registrationKnownAddressMail({ to, firstName, lang, storefrontUrl }: Recipient): Mail {
  const texts = KNOWN_TEXTS[lang];
  return mail(to, texts.subject, {
    lang,
    greeting: texts.greeting(firstName),
    paragraphs: [texts.intro],
    action: { label: texts.signIn, url: storefrontLink(storefrontUrl, lang, '/auth/login') },
    otherAction: { label: texts.reset, url: storefrontLink(storefrontUrl, lang, '/forgot-password') },
    smallPrint: [texts.ignore],
  });
}
