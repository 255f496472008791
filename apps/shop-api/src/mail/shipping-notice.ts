import { isTextLang, type DeliveryDates, type Order, type TextLang } from '@shop/contract';
import { mailHtml, mailText, orderMailLink, type MailContent } from './layout.ts';
import type { Mail } from './mailer.ts';
import { expectedDelivery, itemImage, ORDER_TEXTS, orderAddresses, orderFirstName } from './order-parts.ts';

type ShippingTexts = {
  subject: (reference: string) => string;
  greeting: (name: string) => string;
  shipped: (reference: string, carrier: string) => string;
  tracking: (number: string) => string;
  track: string;
  /** The title of the list of what the parcel holds. */
  contents: string;
  /** A parcel that is not the whole order. */
  rest: string;
  action: string;
  questions: string;
};

/** The shipping notice, sent when the shop ships an order, in the order's language, with the carrier's tracking link. */
const TEXTS: Record<TextLang, ShippingTexts> = {
  en: {
    subject: (reference) => `Your order ${reference} has shipped`,
    greeting: (name) => `Hello ${name},`,
    shipped: (reference, carrier) => `Good news: your order ${reference} is on its way with ${carrier}.`,
    tracking: (number) => `Tracking number: ${number}`,
    track: 'Track your parcel',
    contents: 'In this parcel',
    rest: 'The rest of your order will follow in another parcel: we will write to you when it leaves.',
    action: 'View your order',
    questions: 'Questions about your delivery? Reply to this email and we will help.',
  },
  fr: {
    subject: (reference) => `Votre commande ${reference} a été expédiée`,
    greeting: (name) => `Bonjour ${name},`,
    shipped: (reference, carrier) => `Bonne nouvelle : votre commande ${reference} est en route avec ${carrier}.`,
    tracking: (number) => `Numéro de suivi : ${number}`,
    track: 'Suivre votre colis',
    contents: 'Dans ce colis',
    rest: 'Le reste de votre commande suivra dans un autre colis : nous vous écrirons à son départ.',
    action: 'Voir votre commande',
    questions: 'Une question sur votre livraison ? Répondez à cet e-mail, nous vous aiderons.',
  },
  it: {
    subject: (reference) => `Il tuo ordine ${reference} è stato spedito`,
    greeting: (name) => `Ciao ${name},`,
    shipped: (reference, carrier) => `Buone notizie: il tuo ordine ${reference} è in viaggio con ${carrier}.`,
    tracking: (number) => `Numero di tracciamento: ${number}`,
    track: 'Traccia il tuo pacco',
    contents: 'In questo pacco',
    rest: 'Il resto del tuo ordine seguirà in un altro pacco: ti scriveremo quando partirà.',
    action: 'Vedi il tuo ordine',
    questions: 'Domande sulla consegna? Rispondi a questa email e ti aiuteremo.',
  },
  es: {
    subject: (reference) => `Tu pedido ${reference} ha sido enviado`,
    greeting: (name) => `Hola, ${name}:`,
    shipped: (reference, carrier) => `Buenas noticias: tu pedido ${reference} está en camino con ${carrier}.`,
    tracking: (number) => `Número de seguimiento: ${number}`,
    track: 'Sigue tu paquete',
    contents: 'En este paquete',
    rest: 'El resto de tu pedido llegará en otro paquete: te escribiremos cuando salga.',
    action: 'Ver tu pedido',
    questions: '¿Preguntas sobre la entrega? Responde a este correo y te ayudaremos.',
  },
  de: {
    subject: (reference) => `Ihre Bestellung ${reference} wurde versandt`,
    greeting: (name) => `Hallo ${name},`,
    shipped: (reference, carrier) => `Gute Nachrichten: Ihre Bestellung ${reference} ist mit ${carrier} unterwegs.`,
    tracking: (number) => `Sendungsnummer: ${number}`,
    track: 'Sendung verfolgen',
    contents: 'In diesem Paket',
    rest: 'Der Rest Ihrer Bestellung folgt in einem weiteren Paket: Wir schreiben Ihnen, sobald es versandt wird.',
    action: 'Bestellung ansehen',
    questions: 'Fragen zur Lieferung? Antworten Sie auf diese E-Mail, wir helfen gern.',
  },
  pl: {
    subject: (reference) => `Zamówienie ${reference} zostało wysłane`,
    greeting: (name) => `Dzień dobry, ${name}!`,
    shipped: (reference, carrier) => `Dobra wiadomość: zamówienie ${reference} jest w drodze z firmą ${carrier}.`,
    tracking: (number) => `Numer przesyłki: ${number}`,
    track: 'Śledź przesyłkę',
    contents: 'W tej paczce',
    rest: 'Reszta zamówienia przyjdzie w osobnej paczce: napiszemy, gdy zostanie wysłana.',
    action: 'Zobacz zamówienie',
    questions: 'Masz pytania dotyczące dostawy? Odpowiedz na tę wiadomość, a pomożemy.',
  },
};

/** `expected`: when the parcel should arrive, counted from the day it left (catalog/delivery-dates.ts). */
type ShippingMail = { order: Order; lang: string; storefrontUrl: string; token: string | null; shipment: Order['shipments'][number]; expected: DeliveryDates | null };

/**
 * Tells the shopper their parcel left: the carrier, the tracking number, when it should arrive and where, what it
 * holds (pictures, sizes and colours, quantities), the carrier's tracking page and their order.
 */
export function shippingNoticeMail({ order, lang: orderLang, storefrontUrl, token, shipment, expected: dates }: ShippingMail): Mail {
  const lang: TextLang = isTextLang(orderLang) ? orderLang : 'en';
  const texts = TEXTS[lang];
  const orderLink = { label: texts.action, url: orderMailLink(storefrontUrl, lang, order.reference, token) };
  const expected = expectedDelivery(dates, lang);
  const content: MailContent = {
    lang,
    greeting: texts.greeting(orderFirstName(order)),
    paragraphs: [
      texts.shipped(order.reference, shipment.carrier),
      texts.tracking(shipment.tracking_number),
      ...(expected ? [expected] : []),
      // The order is shipped with its last parcel; before it, the shopper is told more is to come.
      ...(order.status === 'shipped' ? [] : [texts.rest]),
    ],
    // The carrier's page first where there is one: it is what the shopper wants from this mail.
    ...(shipment.tracking_url ? { action: { label: texts.track, url: shipment.tracking_url }, otherAction: orderLink } : { action: orderLink }),
    details: [
      {
        kind: 'items',
        title: texts.contents,
        items: shipment.lines.map((line) => ({
          name: line.name,
          attributes: line.attributes,
          quantity: line.quantity,
          count: ORDER_TEXTS[lang].quantity(line.quantity),
          total: null,
          note: null,
          imageUrl: itemImage(storefrontUrl, line.image_url),
        })),
      },
      orderAddresses(order, lang, { billing: false }),
    ],
    smallPrint: [texts.questions],
  };
  const subject = texts.subject(order.reference);
  return { to: order.email, subject, text: mailText(content), html: mailHtml(content, subject) };
}
