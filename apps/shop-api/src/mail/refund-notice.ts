import { isTextLang, type Order, type TextLang } from '@shop/contract';
import { mailHtml, mailMoney, mailText, orderMailLink, type MailContent } from './layout.ts';
import type { Mail } from './mailer.ts';
import { orderFirstName } from './order-parts.ts';

type RefundTexts = {
  subject: (reference: string) => string;
  greeting: (name: string) => string;
  /** `amount` given back now; `whole` when the order is now refunded in full. */
  refunded: (amount: string, reference: string, whole: boolean) => string;
  soFar: (total: string, paid: string) => string;
  /** A payment the order could not take (it was paid another way, or cancelled), given back whole. */
  straySubject: (reference: string) => string;
  stray: (amount: string, reference: string) => string;
  timing: string;
  action: string;
  questions: string;
};

/** The refund notice, sent once for each refund that reaches the gateway, in the shopper's language. */
const TEXTS: Record<TextLang, RefundTexts> = {
  en: {
    subject: (reference) => `Refund for your order ${reference}`,
    greeting: (name) => `Hello ${name},`,
    refunded: (amount, reference, whole) => `We have refunded ${amount} of order ${reference}${whole ? ': the whole order.' : '.'}`,
    soFar: (total, paid) => `Refunded so far: ${total} of ${paid}.`,
    straySubject: (reference) => `A payment for your order ${reference} has been refunded`,
    stray: (amount, reference) => `We received a payment of ${amount} for order ${reference} that the order did not need: it had already been paid another way, or it had been cancelled. We have given it back in full; your order is not affected.`,
    timing: 'The money goes back the way you paid; depending on your bank it reaches you within 3 to 10 working days.',
    action: 'View your order',
    questions: 'Questions about your refund? Reply to this email and we will help.',
  },
  fr: {
    subject: (reference) => `Remboursement de votre commande ${reference}`,
    greeting: (name) => `Bonjour ${name},`,
    refunded: (amount, reference, whole) => `Nous vous avons remboursé ${amount} sur la commande ${reference}${whole ? ' : la commande entière.' : '.'}`,
    soFar: (total, paid) => `Remboursé à ce jour : ${total} sur ${paid}.`,
    straySubject: (reference) => `Un paiement de votre commande ${reference} a été remboursé`,
    stray: (amount, reference) => `Nous avons reçu pour la commande ${reference} un paiement de ${amount} dont elle n’avait pas besoin : elle était déjà payée autrement, ou elle avait été annulée. Nous vous l’avons remboursé en totalité ; votre commande n’est pas concernée.`,
    timing: 'L’argent revient par le moyen de paiement utilisé ; selon votre banque, il vous parvient sous 3 à 10 jours ouvrés.',
    action: 'Voir votre commande',
    questions: 'Une question sur votre remboursement ? Répondez à cet e-mail, nous vous aiderons.',
  },
  it: {
    subject: (reference) => `Rimborso del tuo ordine ${reference}`,
    greeting: (name) => `Ciao ${name},`,
    refunded: (amount, reference, whole) => `Ti abbiamo rimborsato ${amount} dell’ordine ${reference}${whole ? ': l’intero ordine.' : '.'}`,
    soFar: (total, paid) => `Rimborsato finora: ${total} di ${paid}.`,
    straySubject: (reference) => `Un pagamento del tuo ordine ${reference} è stato rimborsato`,
    stray: (amount, reference) => `Abbiamo ricevuto per l’ordine ${reference} un pagamento di ${amount} di cui non aveva bisogno: era già stato pagato in un altro modo, oppure era stato annullato. Te lo abbiamo rimborsato per intero; il tuo ordine non cambia.`,
    timing: 'Il denaro torna sul metodo di pagamento che hai usato; a seconda della tua banca arriva entro 3-10 giorni lavorativi.',
    action: 'Vedi il tuo ordine',
    questions: 'Domande sul rimborso? Rispondi a questa email e ti aiuteremo.',
  },
  es: {
    subject: (reference) => `Reembolso de tu pedido ${reference}`,
    greeting: (name) => `Hola, ${name}:`,
    refunded: (amount, reference, whole) => `Te hemos reembolsado ${amount} del pedido ${reference}${whole ? ': el pedido completo.' : '.'}`,
    soFar: (total, paid) => `Reembolsado hasta ahora: ${total} de ${paid}.`,
    straySubject: (reference) => `Se ha reembolsado un pago de tu pedido ${reference}`,
    stray: (amount, reference) => `Recibimos para el pedido ${reference} un pago de ${amount} que no necesitaba: ya estaba pagado de otra forma, o se había cancelado. Te lo hemos devuelto íntegro; tu pedido no se ve afectado.`,
    timing: 'El dinero vuelve por el medio de pago que usaste; según tu banco, llega en un plazo de 3 a 10 días hábiles.',
    action: 'Ver tu pedido',
    questions: '¿Preguntas sobre tu reembolso? Responde a este correo y te ayudaremos.',
  },
  de: {
    subject: (reference) => `Erstattung zu Ihrer Bestellung ${reference}`,
    greeting: (name) => `Hallo ${name},`,
    refunded: (amount, reference, whole) => `Wir haben Ihnen ${amount} der Bestellung ${reference} erstattet${whole ? ': die gesamte Bestellung.' : '.'}`,
    soFar: (total, paid) => `Bisher erstattet: ${total} von ${paid}.`,
    straySubject: (reference) => `Eine Zahlung zu Ihrer Bestellung ${reference} wurde erstattet`,
    stray: (amount, reference) => `Wir haben für die Bestellung ${reference} eine Zahlung von ${amount} erhalten, die sie nicht brauchte: Sie war bereits auf anderem Weg bezahlt oder storniert. Wir haben Ihnen den Betrag vollständig erstattet; Ihre Bestellung bleibt davon unberührt.`,
    timing: 'Das Geld geht auf dem Weg zurück, auf dem Sie bezahlt haben; je nach Bank ist es in 3 bis 10 Werktagen bei Ihnen.',
    action: 'Bestellung ansehen',
    questions: 'Fragen zu Ihrer Erstattung? Antworten Sie auf diese E-Mail, wir helfen gern.',
  },
  pl: {
    subject: (reference) => `Zwrot pieniędzy za zamówienie ${reference}`,
    greeting: (name) => `Dzień dobry, ${name}!`,
    refunded: (amount, reference, whole) => `Zwróciliśmy ${amount} za zamówienie ${reference}${whole ? ': całe zamówienie.' : '.'}`,
    soFar: (total, paid) => `Zwrócono do tej pory: ${total} z ${paid}.`,
    straySubject: (reference) => `Zwróciliśmy płatność za zamówienie ${reference}`,
    stray: (amount, reference) => `Otrzymaliśmy za zamówienie ${reference} płatność w wysokości ${amount}, której zamówienie nie potrzebowało: było już opłacone w inny sposób albo zostało anulowane. Zwróciliśmy ją w całości; Twoje zamówienie pozostaje bez zmian.`,
    timing: 'Pieniądze wracają tą samą metodą płatności; w zależności od banku dotrą w ciągu 3–10 dni roboczych.',
    action: 'Zobacz zamówienie',
    questions: 'Masz pytania dotyczące zwrotu? Odpowiedz na tę wiadomość, a pomożemy.',
  },
};

type RefundMail = { order: Order; lang: string; amountCents: number; storefrontUrl: string; token: string | null };

/** A refund mail in the shopper's language: the paragraphs chosen by `say`, the link that opens the order as the confirmation's does. */
function refundMail({ order, lang: orderLang, storefrontUrl, token }: RefundMail, say: (texts: RefundTexts, money: (cents: number) => string) => { subject: string; paragraphs: string[] }): Mail {
  const lang: TextLang = isTextLang(orderLang) ? orderLang : 'en';
  const texts = TEXTS[lang];
  const { subject, paragraphs } = say(texts, mailMoney(lang, order.currency));
  const content: MailContent = {
    lang,
    greeting: texts.greeting(orderFirstName(order)),
    paragraphs: [...paragraphs, texts.timing],
    action: { label: texts.action, url: orderMailLink(storefrontUrl, lang, order.reference, token) },
    smallPrint: [texts.questions],
  };
  return { to: order.email, subject, text: mailText(content), html: mailHtml(content, subject) };
}

/** Tells the shopper what was given back now and in all. */
export function refundNoticeMail(mail: RefundMail): Mail {
  const { order, amountCents } = mail;
  const whole = order.refunded >= order.total;
  return refundMail(mail, (texts, money) => ({
    subject: texts.subject(order.reference),
    paragraphs: [texts.refunded(money(amountCents), order.reference, whole), ...(whole ? [] : [texts.soFar(money(order.refunded), money(order.total))])],
  }));
}

/** Tells the shopper that money paid on a payment page the order could no longer use has been given back. */
export function strayRefundNoticeMail(mail: RefundMail): Mail {
  return refundMail(mail, (texts, money) => ({ subject: texts.straySubject(mail.order.reference), paragraphs: [texts.stray(money(mail.amountCents), mail.order.reference)] }));
}
