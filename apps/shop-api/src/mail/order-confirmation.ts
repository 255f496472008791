import { isTextLang, type Order, type TextLang } from '@shop/contract';
import { mailHtml, mailLocale, mailMoney, mailText, orderMailLink, SHOP_NAME, type MailContent } from './layout.ts';
import type { Mail } from './mailer.ts';

type ConfirmationTexts = {
  subject: (reference: string) => string;
  greeting: (name: string) => string;
  intro: (reference: string) => string;
  items: string;
  preorder: (date: string) => string;
  subtotal: string;
  discounts: string;
  shipping: string;
  free: string;
  total: string;
  vat: string;
  deliverTo: string;
  collectAt: string;
  action: string;
  questions: string;
};

/** The order confirmation (SPEC §4), sent once when the order is paid, in the shopper's language. */
const TEXTS: Record<TextLang, ConfirmationTexts> = {
  en: {
    subject: (reference) => `Your order ${reference} is confirmed`,
    greeting: (name) => `Hello ${name},`,
    intro: (reference) => `Thank you for shopping at ${SHOP_NAME}. We have received your payment for order ${reference} and are preparing it. We will write again when it ships.`,
    items: 'Your order:',
    preorder: (date) => `pre-order, expected ${date}, cannot be cancelled`,
    subtotal: 'Subtotal',
    discounts: 'Discounts',
    shipping: 'Shipping',
    free: 'Free',
    total: 'Total',
    vat: 'including VAT',
    deliverTo: 'Delivery to:',
    collectAt: 'To collect at:',
    action: 'View your order',
    questions: 'Questions about your order? Reply to this email and we will help.',
  },
  fr: {
    subject: (reference) => `Votre commande ${reference} est confirmée`,
    greeting: (name) => `Bonjour ${name},`,
    intro: (reference) => `Merci pour votre achat chez ${SHOP_NAME}. Nous avons bien reçu votre paiement pour la commande ${reference} et la préparons. Nous vous écrirons dès son expédition.`,
    items: 'Votre commande :',
    preorder: (date) => `précommande, prévue le ${date}, non annulable`,
    subtotal: 'Sous-total',
    discounts: 'Réductions',
    shipping: 'Livraison',
    free: 'Offerte',
    total: 'Total',
    vat: 'dont TVA',
    deliverTo: 'Livraison à :',
    collectAt: 'À retirer à :',
    action: 'Voir votre commande',
    questions: 'Une question sur votre commande ? Répondez à cet e-mail, nous vous aiderons.',
  },
  it: {
    subject: (reference) => `Il tuo ordine ${reference} è confermato`,
    greeting: (name) => `Ciao ${name},`,
    intro: (reference) => `Grazie per aver acquistato su ${SHOP_NAME}. Abbiamo ricevuto il pagamento dell'ordine ${reference} e lo stiamo preparando. Ti scriveremo quando verrà spedito.`,
    items: 'Il tuo ordine:',
    preorder: (date) => `preordine, disponibile dal ${date}, non annullabile`,
    subtotal: 'Subtotale',
    discounts: 'Sconti',
    shipping: 'Spedizione',
    free: 'Gratuita',
    total: 'Totale',
    vat: 'IVA inclusa',
    deliverTo: 'Consegna a:',
    collectAt: 'Ritiro presso:',
    action: 'Vedi il tuo ordine',
    questions: 'Domande sul tuo ordine? Rispondi a questa email e ti aiuteremo.',
  },
  es: {
    subject: (reference) => `Tu pedido ${reference} está confirmado`,
    greeting: (name) => `Hola, ${name}:`,
    intro: (reference) => `Gracias por comprar en ${SHOP_NAME}. Hemos recibido el pago del pedido ${reference} y lo estamos preparando. Te escribiremos cuando salga.`,
    items: 'Tu pedido:',
    preorder: (date) => `reserva, prevista el ${date}, no cancelable`,
    subtotal: 'Subtotal',
    discounts: 'Descuentos',
    shipping: 'Envío',
    free: 'Gratis',
    total: 'Total',
    vat: 'IVA incluido',
    deliverTo: 'Entrega en:',
    collectAt: 'Recogida en:',
    action: 'Ver tu pedido',
    questions: '¿Tienes preguntas sobre tu pedido? Responde a este correo y te ayudaremos.',
  },
  de: {
    subject: (reference) => `Ihre Bestellung ${reference} ist bestätigt`,
    greeting: (name) => `Hallo ${name},`,
    intro: (reference) => `vielen Dank für Ihren Einkauf bei ${SHOP_NAME}. Wir haben Ihre Zahlung für die Bestellung ${reference} erhalten und bereiten sie vor. Wir melden uns, sobald sie versandt wird.`,
    items: 'Ihre Bestellung:',
    preorder: (date) => `Vorbestellung, erwartet am ${date}, nicht stornierbar`,
    subtotal: 'Zwischensumme',
    discounts: 'Rabatte',
    shipping: 'Versand',
    free: 'Kostenlos',
    total: 'Gesamt',
    vat: 'inkl. MwSt.',
    deliverTo: 'Lieferung an:',
    collectAt: 'Abholung bei:',
    action: 'Bestellung ansehen',
    questions: 'Fragen zu Ihrer Bestellung? Antworten Sie auf diese E-Mail, wir helfen gern.',
  },
  pl: {
    subject: (reference) => `Twoje zamówienie ${reference} zostało potwierdzone`,
    greeting: (name) => `Dzień dobry, ${name}!`,
    intro: (reference) => `Dziękujemy za zakupy w ${SHOP_NAME}. Otrzymaliśmy płatność za zamówienie ${reference} i je przygotowujemy. Napiszemy ponownie, gdy zostanie wysłane.`,
    items: 'Twoje zamówienie:',
    preorder: (date) => `przedsprzedaż, przewidywana data ${date}, bez możliwości anulowania`,
    subtotal: 'Suma częściowa',
    discounts: 'Rabaty',
    shipping: 'Dostawa',
    free: 'Gratis',
    total: 'Razem',
    vat: 'w tym VAT',
    deliverTo: 'Dostawa do:',
    collectAt: 'Odbiór w:',
    action: 'Zobacz zamówienie',
    questions: 'Masz pytania dotyczące zamówienia? Odpowiedz na tę wiadomość, a pomożemy.',
  },
};

type ConfirmationMail = { order: Order; lang: string; storefrontUrl: string; token: string | null };

/** The confirmation with the order's summary; a guest's link carries the order's token, a customer's opens their account. */
export function orderConfirmationMail({ order, lang: orderLang, storefrontUrl, token }: ConfirmationMail): Mail {
  const lang: TextLang = isTextLang(orderLang) ? orderLang : 'en';
  const texts = TEXTS[lang];
  const money = mailMoney(lang, order.currency);
  const date = (iso: string) => new Intl.DateTimeFormat(mailLocale(lang), { dateStyle: 'long' }).format(new Date(iso));
  const address = order.shipping_address as { first_name?: string; last_name?: string; address1?: string; postcode?: string; city?: string; country?: string };
  const lines = order.lines.map((line) => {
    const extras = [line.attributes, line.on_demand === 'preorder' && line.available_date ? texts.preorder(date(line.available_date)) : ''].filter(Boolean).join('; ');
    return `${line.quantity} × ${line.name}${extras ? ` (${extras})` : ''}: ${money(line.total)}`;
  });
  const totals = [
    `${texts.subtotal}: ${money(order.items_total)}`,
    ...(order.discounts > 0 ? [`${texts.discounts}: −${money(order.discounts)}`] : []),
    `${texts.shipping}: ${order.shipping === 0 ? texts.free : money(order.shipping)}`,
    `${texts.total}: ${money(order.total)} (${texts.vat} ${money(order.tax)})`,
  ];
  const place = order.pickup_point
    ? `${texts.collectAt} ${order.pickup_point.name}, ${order.pickup_point.address1}, ${order.pickup_point.postcode} ${order.pickup_point.city}`
    : `${texts.deliverTo} ${address.first_name ?? ''} ${address.last_name ?? ''}, ${address.address1 ?? ''}, ${address.postcode ?? ''} ${address.city ?? ''} (${address.country ?? ''})`;
  const name = (order.billing_address as { first_name?: string }).first_name ?? address.first_name ?? '';
  const content: MailContent = {
    lang,
    greeting: texts.greeting(name),
    paragraphs: [texts.intro(order.reference), [texts.items, ...lines].join('\n'), totals.join('\n'), place],
    action: { label: texts.action, url: orderMailLink(storefrontUrl, lang, order.reference, token) },
    smallPrint: [texts.questions],
  };
  const subject = texts.subject(order.reference);
  return { to: order.email, subject, text: mailText(content), html: mailHtml(content, subject) };
}
