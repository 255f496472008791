import { isTextLang, type Order, type TextLang } from '@shop/contract';
import { mailHtml, mailMoney, mailText, orderMailLink, type MailContent } from './layout.ts';
import type { Mail } from './mailer.ts';

type RefundTexts = {
  subject: (reference: string) => string;
  greeting: (name: string) => string;
  /** `amount` given back now; `whole` when the order is now refunded in full. */
  refunded: (amount: string, reference: string, whole: boolean) => string;
  soFar: (total: string, paid: string) => string;
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
    timing: 'The money goes back the way you paid; depending on your bank it reaches you within 3 to 10 working days.',
    action: 'View your order',
    questions: 'Questions about your refund? Reply to this email and we will help.',
  },
  fr: {
    subject: (reference) => `Remboursement de votre commande ${reference}`,
    greeting: (name) => `Bonjour ${name},`,
    refunded: (amount, reference, whole) => `Nous vous avons remboursé ${amount} sur la commande ${reference}${whole ? ' : la commande entière.' : '.'}`,
    soFar: (total, paid) => `Remboursé à ce jour : ${total} sur ${paid}.`,
    timing: 'L’argent revient par le moyen de paiement utilisé ; selon votre banque, il vous parvient sous 3 à 10 jours ouvrés.',
    action: 'Voir votre commande',
    questions: 'Une question sur votre remboursement ? Répondez à cet e-mail, nous vous aiderons.',
  },
  it: {
    subject: (reference) => `Rimborso del tuo ordine ${reference}`,
    greeting: (name) => `Ciao ${name},`,
    refunded: (amount, reference, whole) => `Ti abbiamo rimborsato ${amount} dell’ordine ${reference}${whole ? ': l’intero ordine.' : '.'}`,
    soFar: (total, paid) => `Rimborsato finora: ${total} di ${paid}.`,
    timing: 'Il denaro torna sul metodo di pagamento che hai usato; a seconda della tua banca arriva entro 3-10 giorni lavorativi.',
    action: 'Vedi il tuo ordine',
    questions: 'Domande sul rimborso? Rispondi a questa email e ti aiuteremo.',
  },
  es: {
    subject: (reference) => `Reembolso de tu pedido ${reference}`,
    greeting: (name) => `Hola, ${name}:`,
    refunded: (amount, reference, whole) => `Te hemos reembolsado ${amount} del pedido ${reference}${whole ? ': el pedido completo.' : '.'}`,
    soFar: (total, paid) => `Reembolsado hasta ahora: ${total} de ${paid}.`,
    timing: 'El dinero vuelve por el medio de pago que usaste; según tu banco, llega en un plazo de 3 a 10 días hábiles.',
    action: 'Ver tu pedido',
    questions: '¿Preguntas sobre tu reembolso? Responde a este correo y te ayudaremos.',
  },
  de: {
    subject: (reference) => `Erstattung zu Ihrer Bestellung ${reference}`,
    greeting: (name) => `Hallo ${name},`,
    refunded: (amount, reference, whole) => `Wir haben Ihnen ${amount} der Bestellung ${reference} erstattet${whole ? ': die gesamte Bestellung.' : '.'}`,
    soFar: (total, paid) => `Bisher erstattet: ${total} von ${paid}.`,
    timing: 'Das Geld geht auf dem Weg zurück, auf dem Sie bezahlt haben; je nach Bank ist es in 3 bis 10 Werktagen bei Ihnen.',
    action: 'Bestellung ansehen',
    questions: 'Fragen zu Ihrer Erstattung? Antworten Sie auf diese E-Mail, wir helfen gern.',
  },
  pl: {
    subject: (reference) => `Zwrot pieniędzy za zamówienie ${reference}`,
    greeting: (name) => `Dzień dobry, ${name}!`,
    refunded: (amount, reference, whole) => `Zwróciliśmy ${amount} za zamówienie ${reference}${whole ? ': całe zamówienie.' : '.'}`,
    soFar: (total, paid) => `Zwrócono do tej pory: ${total} z ${paid}.`,
    timing: 'Pieniądze wracają tą samą metodą płatności; w zależności od banku dotrą w ciągu 3–10 dni roboczych.',
    action: 'Zobacz zamówienie',
    questions: 'Masz pytania dotyczące zwrotu? Odpowiedz na tę wiadomość, a pomożemy.',
  },
};

type RefundMail = { order: Order; lang: string; amountCents: number; storefrontUrl: string; token: string | null };

/** Tells the shopper what was given back now and in all; the link opens the order as the confirmation's does. */
export function refundNoticeMail({ order, lang: orderLang, amountCents, storefrontUrl, token }: RefundMail): Mail {
  const lang: TextLang = isTextLang(orderLang) ? orderLang : 'en';
  const texts = TEXTS[lang];
  const money = mailMoney(lang, order.currency);
  const whole = order.refunded >= order.total;
  const name = (order.billing_address as { first_name?: string }).first_name ?? '';
  const content: MailContent = {
    lang,
    greeting: texts.greeting(name),
    paragraphs: [texts.refunded(money(amountCents), order.reference, whole), ...(whole ? [] : [texts.soFar(money(order.refunded), money(order.total))]), texts.timing],
    action: { label: texts.action, url: orderMailLink(storefrontUrl, lang, order.reference, token) },
    smallPrint: [texts.questions],
  };
  const subject = texts.subject(order.reference);
  return { to: order.email, subject, text: mailText(content), html: mailHtml(content, subject) };
}
