import { isTextLang, type ContentBlock, type ContentInline, type Order, type TextLang } from '@shop/contract';
import { mailHtml, mailLocale, mailMoney, mailText, orderMailLink, SHOP_NAME, storefrontAddress, storefrontLink, type MailBlock, type MailContent } from './layout.ts';
import type { Mail } from './mailer.ts';
import { expectedDelivery, itemImage, ORDER_TEXTS, orderAddresses, orderFirstName } from './order-parts.ts';

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
  delivery: string;
  note: string;
  action: string;
  /**
   * The right of withdrawal (Directive 2011/83/EU, art. 6 and 8): its period, how to use it (on the order page too
   * with an `account`: a guest's order page has no returns), what follows.
   */
  withdrawal: { title: string; paragraphs: (address: string, account: boolean) => string[] };
  /** The model withdrawal form of the directive's annex I(B), with the order named. */
  form: { title: string; lines: (address: string, reference: string, date: string) => string[] };
  terms: { intro: string; link: string };
  questions: string;
};

/** The order confirmation (SPEC §4), sent once when the order is paid, in the shopper's language. */
const TEXTS: Record<TextLang, ConfirmationTexts> = {
  en: {
    subject: (reference) => `Your order ${reference} is confirmed`,
    greeting: (name) => `Hello ${name},`,
    intro: (reference) => `Thank you for shopping at ${SHOP_NAME}. We have received your payment for order ${reference} and are preparing it. We will write again when it ships.`,
    items: 'Your order',
    preorder: (date) => `Pre-order, expected ${date}, cannot be cancelled`,
    subtotal: 'Subtotal',
    discounts: 'Discounts',
    shipping: 'Shipping',
    free: 'Free',
    total: 'Total',
    vat: 'Including VAT',
    delivery: 'Delivery',
    note: 'Your delivery note',
    action: 'View your order',
    withdrawal: {
      title: 'Your right of withdrawal',
      paragraphs: (address, account) => [
        'You may withdraw from this purchase within 14 days without giving any reason. The 14 days start on the day you, or someone you name other than the carrier, receive the items; if your order comes in several parcels, on the day the last one arrives.',
        `To withdraw, tell us so clearly before the 14 days are over: ${account ? `ask for a return on your order page (the button above), reply to this email, or write to ${address}` : `reply to this email or write to ${address}`}. You may use the form below, but you do not have to. It is enough to send your message before the period ends.`,
        'We then refund all you paid, delivery included (up to the cost of our cheapest standard delivery), within 14 days of hearing from you, with the payment method you used and at no charge. We may wait until the items are back with us, or until you show us that you have sent them.',
        `Send the items back to ${address} within 14 days of telling us; the cost of sending them back is yours. You only answer for a loss in their value caused by handling them more than needed to see what they are like and how they fit, as you would in a shop.`,
      ],
    },
    form: {
      title: 'Withdrawal form',
      lines: (address, reference, date) => [
        'Fill in and send back this form only if you wish to withdraw from the contract.',
        `To: ${address}`,
        'I hereby give notice that I withdraw from my contract for the sale of the following goods: …',
        `Order ${reference}, placed on ${date}. Received on: …`,
        'Name: …\nAddress: …\nDate: …',
      ],
    },
    terms: { intro: 'The terms of sale you accepted with your order:', link: 'The terms of sale on our website' },
    questions: 'Questions about your order? Reply to this email and we will help.',
  },
  fr: {
    subject: (reference) => `Votre commande ${reference} est confirmée`,
    greeting: (name) => `Bonjour ${name},`,
    intro: (reference) => `Merci pour votre achat chez ${SHOP_NAME}. Nous avons bien reçu votre paiement pour la commande ${reference} et la préparons. Nous vous écrirons dès son expédition.`,
    items: 'Votre commande',
    preorder: (date) => `Précommande, prévue le ${date}, non annulable`,
    subtotal: 'Sous-total',
    discounts: 'Réductions',
    shipping: 'Livraison',
    free: 'Offerte',
    total: 'Total',
    vat: 'Dont TVA',
    delivery: 'Livraison',
    note: 'Votre message pour la livraison',
    action: 'Voir votre commande',
    withdrawal: {
      title: 'Votre droit de rétractation',
      paragraphs: (address, account) => [
        'Vous pouvez vous rétracter de cet achat dans un délai de 14 jours sans avoir à donner de motif. Le délai court à partir du jour où vous, ou un tiers autre que le transporteur désigné par vous, recevez les articles ; si votre commande arrive en plusieurs colis, à partir de la réception du dernier.',
        `Pour vous rétracter, informez-nous clairement de votre décision avant la fin du délai : ${account ? 'demandez un retour depuis la page de votre commande (le bouton ci-dessus), ' : ''}répondez à cet e-mail ou écrivez à ${address}. Vous pouvez utiliser le formulaire ci-dessous, sans obligation. Il suffit d’envoyer votre message avant l’expiration du délai.`,
        'Nous vous remboursons alors tous vos paiements, frais de livraison compris (à hauteur de notre livraison standard la moins chère), au plus tard 14 jours après avoir été informés de votre décision, avec le moyen de paiement utilisé et sans frais pour vous. Nous pouvons attendre d’avoir reçu les articles, ou que vous nous ayez prouvé leur renvoi.',
        `Renvoyez les articles à ${address} au plus tard 14 jours après nous avoir informés ; les frais de renvoi sont à votre charge. Vous ne répondez que de la dépréciation des articles due à des manipulations allant au-delà de ce qui est nécessaire pour les examiner et les essayer, comme en magasin.`,
      ],
    },
    form: {
      title: 'Formulaire de rétractation',
      lines: (address, reference, date) => [
        'Veuillez compléter et renvoyer ce formulaire uniquement si vous souhaitez vous rétracter du contrat.',
        `À l’attention de : ${address}`,
        'Je vous notifie par la présente ma rétractation du contrat portant sur la vente des biens ci-dessous : …',
        `Commande ${reference} passée le ${date}. Reçue le : …`,
        'Nom : …\nAdresse : …\nDate : …',
      ],
    },
    terms: { intro: 'Les conditions générales de vente acceptées avec votre commande :', link: 'Les conditions générales de vente sur notre site' },
    questions: 'Une question sur votre commande ? Répondez à cet e-mail, nous vous aiderons.',
  },
  it: {
    subject: (reference) => `Il tuo ordine ${reference} è confermato`,
    greeting: (name) => `Ciao ${name},`,
    intro: (reference) => `Grazie per aver acquistato su ${SHOP_NAME}. Abbiamo ricevuto il pagamento dell'ordine ${reference} e lo stiamo preparando. Ti scriveremo quando verrà spedito.`,
    items: 'Il tuo ordine',
    preorder: (date) => `Preordine, disponibile dal ${date}, non annullabile`,
    subtotal: 'Subtotale',
    discounts: 'Sconti',
    shipping: 'Spedizione',
    free: 'Gratuita',
    total: 'Totale',
    vat: 'Di cui IVA',
    delivery: 'Consegna',
    note: 'La tua nota per la consegna',
    action: 'Vedi il tuo ordine',
    withdrawal: {
      title: 'Il tuo diritto di recesso',
      paragraphs: (address, account) => [
        'Puoi recedere da questo acquisto entro 14 giorni senza indicarne il motivo. I 14 giorni decorrono dal giorno in cui tu, o un terzo da te indicato diverso dal vettore, ricevi i prodotti; se l’ordine arriva in più pacchi, dal giorno in cui ricevi l’ultimo.',
        `Per recedere, comunicacelo in modo esplicito prima che scadano i 14 giorni: ${account ? 'chiedi un reso dalla pagina del tuo ordine (il pulsante qui sopra), ' : ''}rispondi a questa email oppure scrivi all’indirizzo ${address}. Puoi usare il modulo qui sotto, ma non sei obbligato. Basta inviare la comunicazione prima della scadenza.`,
        'Ti rimborsiamo quindi tutto quanto hai pagato, spese di consegna comprese (fino al costo della nostra consegna standard più economica), entro 14 giorni da quando ci hai informato, con lo stesso mezzo di pagamento e senza costi per te. Possiamo attendere di aver ricevuto i prodotti, o che tu ci dimostri di averli spediti.',
        `Rispedisci i prodotti all’indirizzo ${address} entro 14 giorni dalla tua comunicazione; le spese di restituzione sono a tuo carico. Rispondi solo della diminuzione di valore dovuta a una manipolazione diversa da quella necessaria per vederli e provarli, come faresti in negozio.`,
      ],
    },
    form: {
      title: 'Modulo di recesso',
      lines: (address, reference, date) => [
        'Compila e restituisci questo modulo solo se desideri recedere dal contratto.',
        `Destinatario: ${address}`,
        'Con la presente notifico il recesso dal mio contratto di vendita dei seguenti beni: …',
        `Ordine ${reference} del ${date}. Ricevuto il: …`,
        'Nome: …\nIndirizzo: …\nData: …',
      ],
    },
    terms: { intro: 'Le condizioni di vendita che hai accettato con l’ordine:', link: 'Le condizioni di vendita sul nostro sito' },
    questions: 'Domande sul tuo ordine? Rispondi a questa email e ti aiuteremo.',
  },
  es: {
    subject: (reference) => `Tu pedido ${reference} está confirmado`,
    greeting: (name) => `Hola, ${name}:`,
    intro: (reference) => `Gracias por comprar en ${SHOP_NAME}. Hemos recibido el pago del pedido ${reference} y lo estamos preparando. Te escribiremos cuando salga.`,
    items: 'Tu pedido',
    preorder: (date) => `Reserva, prevista el ${date}, no cancelable`,
    subtotal: 'Subtotal',
    discounts: 'Descuentos',
    shipping: 'Envío',
    free: 'Gratis',
    total: 'Total',
    vat: 'IVA incluido',
    delivery: 'Entrega',
    note: 'Tu nota para la entrega',
    action: 'Ver tu pedido',
    withdrawal: {
      title: 'Tu derecho de desistimiento',
      paragraphs: (address, account) => [
        'Puedes desistir de esta compra en un plazo de 14 días sin dar ninguna explicación. El plazo empieza el día en que tú, o un tercero que indiques distinto del transportista, recibes los artículos; si el pedido llega en varios paquetes, el día en que recibes el último.',
        `Para desistir, comunícanoslo de forma clara antes de que terminen los 14 días: ${account ? 'solicita una devolución desde la página de tu pedido (el botón de arriba), ' : ''}responde a este correo o escríbenos a ${address}. Puedes usar el formulario de abajo, aunque no es obligatorio. Basta con enviar tu comunicación antes de que venza el plazo.`,
        'Te devolveremos entonces todo lo que hayas pagado, incluido el envío (hasta el coste de nuestro envío estándar más económico), en un plazo de 14 días desde que nos informes, con el mismo medio de pago y sin ningún coste para ti. Podemos esperar a recibir los artículos, o a que demuestres que los has enviado.',
        `Envía los artículos a ${address} en un plazo de 14 días desde que nos lo comuniques; los gastos de devolución corren de tu cuenta. Solo respondes de la pérdida de valor causada por una manipulación distinta de la necesaria para ver cómo son y probártelos, como harías en una tienda.`,
      ],
    },
    form: {
      title: 'Formulario de desistimiento',
      lines: (address, reference, date) => [
        'Rellena y envía este formulario solo si deseas desistir del contrato.',
        `A la atención de: ${address}`,
        'Por la presente le comunico que desisto de mi contrato de venta de los siguientes bienes: …',
        `Pedido ${reference} del ${date}. Recibido el: …`,
        'Nombre: …\nDirección: …\nFecha: …',
      ],
    },
    terms: { intro: 'Las condiciones de venta que aceptaste con tu pedido:', link: 'Las condiciones de venta en nuestra web' },
    questions: '¿Tienes preguntas sobre tu pedido? Responde a este correo y te ayudaremos.',
  },
  de: {
    subject: (reference) => `Ihre Bestellung ${reference} ist bestätigt`,
    greeting: (name) => `Hallo ${name},`,
    intro: (reference) => `vielen Dank für Ihren Einkauf bei ${SHOP_NAME}. Wir haben Ihre Zahlung für die Bestellung ${reference} erhalten und bereiten sie vor. Wir melden uns, sobald sie versandt wird.`,
    items: 'Ihre Bestellung',
    preorder: (date) => `Vorbestellung, erwartet am ${date}, nicht stornierbar`,
    subtotal: 'Zwischensumme',
    discounts: 'Rabatte',
    shipping: 'Versand',
    free: 'Kostenlos',
    total: 'Gesamt',
    vat: 'Enthaltene MwSt.',
    delivery: 'Lieferung',
    note: 'Ihre Nachricht zur Lieferung',
    action: 'Bestellung ansehen',
    withdrawal: {
      title: 'Ihr Widerrufsrecht',
      paragraphs: (address, account) => [
        'Sie können diesen Kauf binnen 14 Tagen ohne Angabe von Gründen widerrufen. Die Frist beginnt an dem Tag, an dem Sie oder ein von Ihnen benannter Dritter, der nicht der Beförderer ist, die Waren erhalten; kommt Ihre Bestellung in mehreren Paketen, an dem Tag, an dem das letzte ankommt.',
        `Um zu widerrufen, teilen Sie uns Ihren Entschluss vor Ablauf der Frist eindeutig mit: ${account ? 'Beantragen Sie eine Rücksendung auf Ihrer Bestellseite (über die Schaltfläche oben), antworten' : 'Antworten'} Sie auf diese E-Mail oder schreiben Sie an ${address}. Sie können dafür das Formular unten verwenden, müssen es aber nicht. Zur Wahrung der Frist genügt es, die Mitteilung vor ihrem Ablauf abzusenden.`,
        'Wir erstatten Ihnen dann alle Zahlungen einschließlich der Lieferkosten (bis zur Höhe unserer günstigsten Standardlieferung) binnen 14 Tagen ab Eingang Ihres Widerrufs, über das Zahlungsmittel, das Sie verwendet haben, und ohne Entgelt. Wir können die Erstattung verweigern, bis wir die Waren zurückerhalten haben oder Sie die Rücksendung nachgewiesen haben.',
        `Senden Sie die Waren binnen 14 Tagen ab Ihrem Widerruf an ${address} zurück; die unmittelbaren Kosten der Rücksendung tragen Sie. Für einen Wertverlust müssen Sie nur aufkommen, wenn er auf einen Umgang mit den Waren zurückgeht, der zur Prüfung ihrer Beschaffenheit, Eigenschaften und Passform nicht notwendig war.`,
      ],
    },
    form: {
      title: 'Muster-Widerrufsformular',
      lines: (address, reference, date) => [
        'Wenn Sie den Vertrag widerrufen wollen, füllen Sie bitte dieses Formular aus und senden Sie es zurück.',
        `An: ${address}`,
        'Hiermit widerrufe ich den von mir abgeschlossenen Vertrag über den Kauf der folgenden Waren: …',
        `Bestellung ${reference} vom ${date}. Erhalten am: …`,
        'Name: …\nAnschrift: …\nDatum: …',
      ],
    },
    terms: { intro: 'Die Allgemeinen Geschäftsbedingungen, die Sie mit Ihrer Bestellung akzeptiert haben:', link: 'Die AGB auf unserer Website' },
    questions: 'Fragen zu Ihrer Bestellung? Antworten Sie auf diese E-Mail, wir helfen gern.',
  },
  pl: {
    subject: (reference) => `Twoje zamówienie ${reference} zostało potwierdzone`,
    greeting: (name) => `Dzień dobry, ${name}!`,
    intro: (reference) => `Dziękujemy za zakupy w ${SHOP_NAME}. Otrzymaliśmy płatność za zamówienie ${reference} i je przygotowujemy. Napiszemy ponownie, gdy zostanie wysłane.`,
    items: 'Twoje zamówienie',
    preorder: (date) => `Przedsprzedaż, przewidywana data ${date}, bez możliwości anulowania`,
    subtotal: 'Suma częściowa',
    discounts: 'Rabaty',
    shipping: 'Dostawa',
    free: 'Gratis',
    total: 'Razem',
    vat: 'W tym VAT',
    delivery: 'Dostawa',
    note: 'Twoja uwaga do dostawy',
    action: 'Zobacz zamówienie',
    withdrawal: {
      title: 'Prawo odstąpienia od umowy',
      paragraphs: (address, account) => [
        'Możesz odstąpić od tego zakupu w ciągu 14 dni bez podawania przyczyny. Termin biegnie od dnia, w którym Ty lub wskazana przez Ciebie osoba inna niż przewoźnik odbierzecie towary; jeśli zamówienie przychodzi w kilku paczkach – od dnia odbioru ostatniej.',
        `Aby odstąpić od umowy, poinformuj nas o tym jednoznacznie przed upływem 14 dni: ${account ? 'zgłoś zwrot na stronie zamówienia (przycisk powyżej), ' : ''}odpowiedz na tę wiadomość lub napisz na adres ${address}. Możesz skorzystać z formularza poniżej, ale nie musisz. Wystarczy wysłać oświadczenie przed upływem terminu.`,
        'Zwrócimy wtedy wszystkie płatności, łącznie z kosztami dostawy (do wysokości naszej najtańszej dostawy standardowej), w ciągu 14 dni od otrzymania Twojego oświadczenia, tą samą metodą płatności i bez żadnych opłat. Możemy wstrzymać zwrot do chwili otrzymania towarów lub dowodu ich odesłania.',
        `Odeślij towary na adres ${address} w ciągu 14 dni od złożenia oświadczenia; koszt odesłania ponosisz Ty. Odpowiadasz tylko za zmniejszenie wartości towarów wynikające z obchodzenia się z nimi w sposób wykraczający poza konieczny do sprawdzenia ich charakteru, cech i dopasowania – tak jak w sklepie.`,
      ],
    },
    form: {
      title: 'Formularz odstąpienia od umowy',
      lines: (address, reference, date) => [
        'Wypełnij i odeślij ten formularz tylko wtedy, gdy chcesz odstąpić od umowy.',
        `Adresat: ${address}`,
        'Niniejszym informuję o odstąpieniu od umowy sprzedaży następujących towarów: …',
        `Zamówienie ${reference} z dnia ${date}. Data odbioru: …`,
        'Imię i nazwisko: …\nAdres: …\nData: …',
      ],
    },
    terms: { intro: 'Regulamin sprzedaży zaakceptowany przy zamówieniu:', link: 'Regulamin sprzedaży na naszej stronie' },
    questions: 'Masz pytania dotyczące zamówienia? Odpowiedz na tę wiadomość, a pomożemy.',
  },
};

/** The shop's terms of sale page in the order's language (English for Polish, which has no pages), as the mail carries it. */
export type TermsOfSale = { title: string; slug: string; blocks: ContentBlock[] };

type ConfirmationMail = {
  order: Order;
  lang: string;
  storefrontUrl: string;
  token: string | null;
  /** Where withdrawn items go back (RETURN_ADDRESS). */
  returnAddress: string;
  terms: TermsOfSale | null;
};

/** A page's links made absolute: a mail has no page to resolve a shop path against. */
const absoluteLinks = (runs: ContentInline[], storefrontUrl: string) =>
  runs.map((run) => (run.href?.startsWith('/') ? { ...run, href: storefrontAddress(storefrontUrl, run.href) } : run));

function termsBlock(terms: TermsOfSale, texts: ConfirmationTexts, lang: TextLang, storefrontUrl: string): MailBlock {
  const blocks = terms.blocks.map((block): ContentBlock =>
    block.type === 'list' ? { ...block, items: block.items.map((item) => absoluteLinks(item, storefrontUrl)) } : { ...block, inline: absoluteLinks(block.inline, storefrontUrl) },
  );
  return { kind: 'page', title: terms.title, intro: texts.terms.intro, blocks, link: { label: texts.terms.link, url: storefrontLink(storefrontUrl, lang, `/${terms.slug}`) } };
}

/**
 * The confirmation on a durable medium, as EU consumer law asks: what was bought (pictures, sizes and colours,
 * quantities, prices), the totals with VAT, where it goes and when, both addresses, the right of withdrawal with
 * its form, and the terms of sale. A guest's link carries the order's token, a customer's opens their account.
 */
export function orderConfirmationMail({ order, lang: orderLang, storefrontUrl, token, returnAddress, terms }: ConfirmationMail): Mail {
  const lang: TextLang = isTextLang(orderLang) ? orderLang : 'en';
  const texts = TEXTS[lang];
  const money = mailMoney(lang, order.currency);
  const date = (iso: string) => new Intl.DateTimeFormat(mailLocale(lang), { dateStyle: 'long' }).format(new Date(iso));
  const items: MailBlock = {
    kind: 'items',
    title: texts.items,
    items: order.lines.map((line) => ({
      name: line.name,
      attributes: line.attributes,
      quantity: line.quantity,
      count: `${line.quantity} × ${money(line.unit_price)}`,
      total: money(line.total),
      note: line.on_demand === 'preorder' && line.available_date ? texts.preorder(date(line.available_date)) : null,
      imageUrl: itemImage(storefrontUrl, line.image_url),
    })),
  };
  const totals: MailBlock = {
    kind: 'figures',
    rows: [
      { label: texts.subtotal, value: money(order.items_total) },
      ...(order.discounts > 0 ? [{ label: texts.discounts, value: `−${money(order.discounts)}` }] : []),
      { label: texts.shipping, value: order.shipping === 0 ? texts.free : money(order.shipping) },
      { label: texts.total, value: money(order.total), look: 'strong' as const },
      { label: texts.vat, value: money(order.tax), look: 'small' as const },
    ],
  };
  // The days the checkout promised (orders placed before dates were shown have none).
  const expected = expectedDelivery(order.carrier?.delivery, lang);
  const delivery: MailBlock[] = order.carrier
    ? [{ kind: 'section', title: texts.delivery, paragraphs: [`${order.carrier.name} · ${ORDER_TEXTS[lang].days(order.carrier.delivery_days.min, order.carrier.delivery_days.max)}\n${expected}`] }]
    : [];
  const note: MailBlock[] = order.delivery_message ? [{ kind: 'section', title: texts.note, paragraphs: [order.delivery_message] }] : [];
  const content: MailContent = {
    lang,
    greeting: texts.greeting(orderFirstName(order)),
    paragraphs: [texts.intro(order.reference)],
    action: { label: texts.action, url: orderMailLink(storefrontUrl, lang, order.reference, token) },
    details: [
      items,
      totals,
      ...delivery,
      orderAddresses(order, lang, { billing: true }),
      ...note,
      { kind: 'section', title: texts.withdrawal.title, paragraphs: texts.withdrawal.paragraphs(returnAddress, token === null) },
      { kind: 'section', title: texts.form.title, paragraphs: texts.form.lines(returnAddress, order.reference, date(order.date)), boxed: true },
      ...(terms ? [termsBlock(terms, texts, lang, storefrontUrl)] : []),
    ],
    smallPrint: [texts.questions],
  };
  const subject = texts.subject(order.reference);
  return { to: order.email, subject, text: mailText(content), html: mailHtml(content, subject) };
}
