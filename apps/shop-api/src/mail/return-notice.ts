import { isTextLang, type Order, type TextLang } from '@shop/contract';
import { mailHtml, mailText, orderMailLink, type MailContent } from './layout.ts';
import type { Mail } from './mailer.ts';
import { orderFirstName } from './order-parts.ts';

type ReturnTexts = {
  subject: { requested: (reference: string) => string; received: (reference: string) => string };
  greeting: (name: string) => string;
  requested: (reference: string, order: string) => string;
  items: string;
  instructions: (reference: string, address: string) => string;
  received: (reference: string) => string;
  action: string;
  questions: string;
};

/** The return mails, in the order's language: the instructions once asked for, and a word when the parcel is in. */
const TEXTS: Record<TextLang, ReturnTexts> = {
  en: {
    subject: { requested: (reference) => `Your return ${reference}: how to send it`, received: (reference) => `We have received your return ${reference}` },
    greeting: (name) => `Hello ${name},`,
    requested: (reference, order) => `We have registered your return ${reference} for order ${order}.`,
    items: 'Items to send back:',
    instructions: (reference, address) => `Pack the items in their original condition, write the return reference ${reference} on the parcel and send it to:\n${address}`,
    received: (reference) => `Your return ${reference} has arrived. We will refund it shortly and write to you when we do.`,
    action: 'View your order',
    questions: 'Questions about your return? Reply to this email and we will help.',
  },
  fr: {
    subject: { requested: (reference) => `Votre retour ${reference} : comment l’envoyer`, received: (reference) => `Nous avons reçu votre retour ${reference}` },
    greeting: (name) => `Bonjour ${name},`,
    requested: (reference, order) => `Nous avons enregistré votre retour ${reference} pour la commande ${order}.`,
    items: 'Articles à renvoyer :',
    instructions: (reference, address) => `Emballez les articles dans leur état d’origine, inscrivez la référence de retour ${reference} sur le colis et envoyez-le à :\n${address}`,
    received: (reference) => `Votre retour ${reference} est arrivé. Nous le rembourserons sous peu et vous écrirons à ce moment-là.`,
    action: 'Voir votre commande',
    questions: 'Une question sur votre retour ? Répondez à cet e-mail, nous vous aiderons.',
  },
  it: {
    subject: { requested: (reference) => `Il tuo reso ${reference}: come spedirlo`, received: (reference) => `Abbiamo ricevuto il tuo reso ${reference}` },
    greeting: (name) => `Ciao ${name},`,
    requested: (reference, order) => `Abbiamo registrato il tuo reso ${reference} per l’ordine ${order}.`,
    items: 'Articoli da rispedire:',
    instructions: (reference, address) => `Imballa gli articoli nelle condizioni originali, scrivi il riferimento del reso ${reference} sul pacco e spediscilo a:\n${address}`,
    received: (reference) => `Il tuo reso ${reference} è arrivato. Lo rimborseremo a breve e ti scriveremo quando lo faremo.`,
    action: 'Vedi il tuo ordine',
    questions: 'Domande sul reso? Rispondi a questa email e ti aiuteremo.',
  },
  es: {
    subject: { requested: (reference) => `Tu devolución ${reference}: cómo enviarla`, received: (reference) => `Hemos recibido tu devolución ${reference}` },
    greeting: (name) => `Hola, ${name}:`,
    requested: (reference, order) => `Hemos registrado tu devolución ${reference} del pedido ${order}.`,
    items: 'Artículos que debes devolver:',
    instructions: (reference, address) => `Embala los artículos en su estado original, escribe la referencia de devolución ${reference} en el paquete y envíalo a:\n${address}`,
    received: (reference) => `Tu devolución ${reference} ha llegado. La reembolsaremos en breve y te escribiremos cuando lo hagamos.`,
    action: 'Ver tu pedido',
    questions: '¿Preguntas sobre tu devolución? Responde a este correo y te ayudaremos.',
  },
  de: {
    subject: { requested: (reference) => `Ihre Rücksendung ${reference}: so senden Sie sie`, received: (reference) => `Wir haben Ihre Rücksendung ${reference} erhalten` },
    greeting: (name) => `Hallo ${name},`,
    requested: (reference, order) => `Wir haben Ihre Rücksendung ${reference} zur Bestellung ${order} registriert.`,
    items: 'Zurückzusendende Artikel:',
    instructions: (reference, address) => `Verpacken Sie die Artikel im Originalzustand, schreiben Sie die Rücksendenummer ${reference} auf das Paket und senden Sie es an:\n${address}`,
    received: (reference) => `Ihre Rücksendung ${reference} ist angekommen. Wir erstatten sie in Kürze und schreiben Ihnen, sobald es geschehen ist.`,
    action: 'Bestellung ansehen',
    questions: 'Fragen zu Ihrer Rücksendung? Antworten Sie auf diese E-Mail, wir helfen gern.',
  },
  pl: {
    subject: { requested: (reference) => `Zwrot ${reference}: jak go wysłać`, received: (reference) => `Otrzymaliśmy zwrot ${reference}` },
    greeting: (name) => `Dzień dobry, ${name}!`,
    requested: (reference, order) => `Zarejestrowaliśmy zwrot ${reference} do zamówienia ${order}.`,
    items: 'Artykuły do odesłania:',
    instructions: (reference, address) => `Zapakuj artykuły w stanie oryginalnym, napisz numer zwrotu ${reference} na paczce i wyślij ją na adres:\n${address}`,
    received: (reference) => `Zwrot ${reference} dotarł do nas. Wkrótce zwrócimy pieniądze i napiszemy, gdy to zrobimy.`,
    action: 'Zobacz zamówienie',
    questions: 'Masz pytania dotyczące zwrotu? Odpowiedz na tę wiadomość, a pomożemy.',
  },
};

type ReturnMail = { order: Order; lang: string; storefrontUrl: string; token: string | null; returnReference: string; step: 'requested' | 'received'; returnAddress: string };

/** A step of a return, told to the shopper: the instructions and what to send once asked for, the parcel's arrival. */
export function returnNoticeMail({ order, lang: orderLang, storefrontUrl, token, returnReference, step, returnAddress }: ReturnMail): Mail {
  const lang: TextLang = isTextLang(orderLang) ? orderLang : 'en';
  const texts = TEXTS[lang];
  const name = orderFirstName(order);
  const entry = order.returns.find((candidate) => candidate.reference === returnReference);
  const items = (entry?.lines ?? []).map((line) => `${line.quantity} × ${line.name}`).join('\n');
  const content: MailContent = {
    lang,
    greeting: texts.greeting(name),
    paragraphs:
      step === 'requested'
        ? [texts.requested(returnReference, order.reference), `${texts.items}\n${items}`, texts.instructions(returnReference, returnAddress)]
        : [texts.received(returnReference)],
    action: { label: texts.action, url: orderMailLink(storefrontUrl, lang, order.reference, token) },
    smallPrint: [texts.questions],
  };
  const subject = texts.subject[step](returnReference);
  return { to: order.email, subject, text: mailText(content), html: mailHtml(content, subject) };
}
