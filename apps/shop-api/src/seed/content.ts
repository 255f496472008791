import { slugify } from '@shop/contract';
import type { categorySizeCharts, contentPages, contentPageTranslations } from '../db/schema.ts';
import { GENDERS, type Gender } from './categories.ts';
import { SIZE_CHART_PAGES } from './size-charts.ts';
import { LANGS, type PageSource } from './shared.ts';


const PAGES: PageSource[] = [
  {
    key: 'about-us',
    texts: {
      en: {
        title: 'About us',
        body: [
          'We are an independent fashion shop founded in Milan in 2012. We select clothing, knitwear and shoes for women, men and kids from European brands that care about materials and fair production.',
          'Every piece in our catalogue is chosen to last beyond one season: natural fibres, careful finishing and timeless cuts.',
          'Our customer service team speaks English, French, Italian, Spanish and German and is happy to help you choose the right size.',
        ],
      },
      fr: {
        title: 'À propos',
        body: [
          'Nous sommes une boutique de mode indépendante fondée à Milan en 2012. Nous sélectionnons des vêtements, de la maille et des chaussures pour femme, homme et enfant auprès de marques européennes attentives aux matières et à une production équitable.',
          'Chaque pièce de notre catalogue est choisie pour durer au-delà d’une saison : fibres naturelles, finitions soignées et coupes intemporelles.',
          'Notre service client parle anglais, français, italien, espagnol et allemand, et vous aide volontiers à choisir la bonne taille.',
        ],
      },
      it: {
        title: 'Chi siamo',
        body: [
          'Siamo un negozio di moda indipendente fondato a Milano nel 2012. Selezioniamo abbigliamento, maglieria e scarpe per donna, uomo e bambini da marchi europei attenti ai materiali e a una produzione equa.',
          'Ogni capo del nostro catalogo è scelto per durare più di una stagione: fibre naturali, finiture curate e tagli senza tempo.',
          'Il nostro servizio clienti parla inglese, francese, italiano, spagnolo e tedesco ed è felice di aiutarti a scegliere la taglia giusta.',
        ],
      },
      es: {
        title: 'Quiénes somos',
        body: [
          'Somos una tienda de moda independiente fundada en Milán en 2012. Seleccionamos ropa, punto y calzado para mujer, hombre y niños de marcas europeas comprometidas con los materiales y con una producción justa.',
          'Cada prenda de nuestro catálogo se elige para durar más de una temporada: fibras naturales, acabados cuidados y cortes atemporales.',
          'Nuestro servicio de atención al cliente habla inglés, francés, italiano, español y alemán, y estará encantado de ayudarte a elegir tu talla.',
        ],
      },
      de: {
        title: 'Über uns',
        body: [
          'Wir sind ein unabhängiger Modeshop, der 2012 in Mailand gegründet wurde. Wir wählen Kleidung, Strickwaren und Schuhe für Damen, Herren und Kinder von europäischen Marken aus, die Wert auf gute Materialien und faire Produktion legen.',
          'Jedes Teil in unserem Sortiment soll länger als eine Saison halten: natürliche Fasern, sorgfältige Verarbeitung und zeitlose Schnitte.',
          'Unser Kundenservice spricht Englisch, Französisch, Italienisch, Spanisch und Deutsch und hilft Ihnen gern bei der Wahl der richtigen Größe.',
        ],
      },
    },
  },
  {
    key: 'delivery',
    texts: {
      en: {
        title: 'Delivery',
        body: [
          'Orders placed before 1 pm on a working day leave our warehouse the same day. Delivery takes 1–2 working days in Italy, 2–4 working days in the rest of the European Union and 3–7 working days elsewhere.',
          'Shipping to Italy is free for orders from 150 EUR. For other countries, the shipping cost is shown in the cart and at checkout, before you pay.',
          'You can also have your order delivered to a collection point near you, and follow your parcel with the link in the shipping confirmation email.',
        ],
      },
      fr: {
        title: 'Livraison',
        body: [
          'Les commandes passées avant 13 h un jour ouvré quittent notre entrepôt le jour même. La livraison prend 1 à 2 jours ouvrés en Italie, 2 à 4 jours ouvrés dans le reste de l’Union européenne et 3 à 7 jours ouvrés ailleurs.',
          'La livraison en Italie est offerte dès 150 EUR d’achat. Pour les autres pays, les frais de port sont indiqués dans le panier et lors de la commande, avant le paiement.',
          'Vous pouvez aussi vous faire livrer en point relais près de chez vous et suivre votre colis grâce au lien figurant dans l’e-mail de confirmation d’expédition.',
        ],
      },
      it: {
        title: 'Spedizioni',
        body: [
          'Gli ordini effettuati entro le 13 di un giorno lavorativo partono dal nostro magazzino il giorno stesso. La consegna richiede 1–2 giorni lavorativi in Italia, 2–4 giorni lavorativi nel resto dell’Unione europea e 3–7 giorni lavorativi altrove.',
          'La spedizione in Italia è gratuita per ordini a partire da 150 EUR. Per gli altri paesi, il costo di spedizione è indicato nel carrello e durante l’ordine, prima del pagamento.',
          'Puoi anche farti consegnare l’ordine in un punto di ritiro vicino a te e seguire il pacco dal link contenuto nell’email di conferma di spedizione.',
        ],
      },
      es: {
        title: 'Envíos',
        body: [
          'Los pedidos realizados antes de las 13:00 en un día laborable salen de nuestro almacén el mismo día. La entrega tarda de 1 a 2 días laborables en Italia, de 2 a 4 días laborables en el resto de la Unión Europea y de 3 a 7 días laborables en otros destinos.',
          'El envío a Italia es gratuito en pedidos a partir de 150 EUR. Para otros países, el coste de envío se muestra en la cesta y durante el pedido, antes del pago.',
          'También puedes recibir tu pedido en un punto de recogida cercano y seguir tu paquete desde el enlace del correo de confirmación de envío.',
        ],
      },
      de: {
        title: 'Versand',
        body: [
          'Bestellungen, die an einem Werktag bis 13 Uhr eingehen, verlassen unser Lager noch am selben Tag. Die Lieferung dauert innerhalb Italiens 1–2 Werktage, in die übrigen Länder der Europäischen Union 2–4 Werktage und in alle anderen Länder 3–7 Werktage.',
          'Der Versand nach Italien ist ab einem Bestellwert von 150 EUR kostenlos. Für andere Länder werden die Versandkosten vor der Zahlung im Warenkorb und an der Kasse angezeigt.',
          'Sie können sich Ihre Bestellung auch an eine Abholstelle in Ihrer Nähe liefern lassen und Ihr Paket über den Link in der Versandbestätigung verfolgen.',
        ],
      },
    },
  },
  {
    key: 'returns',
    texts: {
      en: {
        title: 'Returns',
        body: [
          'You have 14 days from delivery to return one or more items, without having to give a reason.',
          'Items must be unworn, unwashed and returned with their original labels. Start your return from the order history in your account, pack the items and hand the parcel to the carrier.',
          'We refund you with the original payment method within 14 days of receiving your return. Pre-order items cannot be cancelled once the order is placed, but they can be returned after delivery.',
        ],
      },
      fr: {
        title: 'Retours',
        body: [
          'Vous disposez de 14 jours à compter de la livraison pour retourner un ou plusieurs articles, sans avoir à vous justifier.',
          'Les articles doivent être non portés, non lavés et renvoyés avec leurs étiquettes d’origine. Lancez votre retour depuis l’historique des commandes de votre compte, emballez les articles et remettez le colis au transporteur.',
          'Nous vous remboursons avec le moyen de paiement d’origine dans les 14 jours suivant la réception de votre retour. Les articles en précommande ne peuvent pas être annulés une fois la commande passée, mais ils peuvent être retournés après la livraison.',
        ],
      },
      it: {
        title: 'Resi',
        body: [
          'Hai 14 giorni dalla consegna per restituire uno o più articoli, senza dover indicare il motivo.',
          'Gli articoli devono essere non indossati, non lavati e restituiti con le etichette originali. Avvia il reso dallo storico ordini del tuo account, imballa gli articoli e consegna il pacco al corriere.',
          'Ti rimborsiamo con il metodo di pagamento originale entro 14 giorni dal ricevimento del reso. Gli articoli in preordine non possono essere annullati dopo l’invio dell’ordine, ma possono essere restituiti dopo la consegna.',
        ],
      },
      es: {
        title: 'Devoluciones',
        body: [
          'Dispones de 14 días desde la entrega para devolver uno o varios artículos, sin necesidad de indicar el motivo.',
          'Los artículos deben estar sin usar, sin lavar y con sus etiquetas originales. Inicia la devolución desde el historial de pedidos de tu cuenta, embala los artículos y entrega el paquete al transportista.',
          'Te reembolsamos con el método de pago original en un plazo de 14 días desde la recepción de la devolución. Los artículos en preventa no se pueden cancelar una vez realizado el pedido, pero sí se pueden devolver tras la entrega.',
        ],
      },
      de: {
        title: 'Rücksendungen',
        body: [
          'Sie haben ab der Lieferung 14 Tage Zeit, um einen oder mehrere Artikel ohne Angabe von Gründen zurückzusenden.',
          'Die Artikel müssen ungetragen, ungewaschen und mit den Originaletiketten zurückgeschickt werden. Starten Sie die Rücksendung im Bestellverlauf Ihres Kundenkontos, verpacken Sie die Artikel und übergeben Sie das Paket dem Versanddienstleister.',
          'Wir erstatten den Betrag über die ursprüngliche Zahlungsart innerhalb von 14 Tagen nach Eingang der Rücksendung. Vorbestellte Artikel können nach Abschluss der Bestellung nicht storniert, nach der Lieferung aber zurückgesendet werden.',
        ],
      },
    },
  },
  {
    key: 'secure-payment',
    texts: {
      en: {
        title: 'Secure payment',
        body: [
          'You can pay by credit or debit card (Visa, Mastercard, American Express), with PayPal or through MultiSafepay, which offers local payment methods such as iDEAL and Bancontact.',
          'With PayPal you can also pay in instalments for amounts from 30 EUR to 2000 EUR, subject to approval by PayPal.',
          'All payments are processed over an encrypted connection by certified payment providers: we never see or store your full card details.',
        ],
      },
      fr: {
        title: 'Paiement sécurisé',
        body: [
          'Vous pouvez payer par carte de crédit ou de débit (Visa, Mastercard, American Express), avec PayPal ou via MultiSafepay, qui propose des moyens de paiement locaux comme iDEAL et Bancontact.',
          'Avec PayPal, vous pouvez aussi payer en plusieurs fois pour les montants de 30 EUR à 2000 EUR, sous réserve d’acceptation par PayPal.',
          'Tous les paiements sont traités par des prestataires certifiés via une connexion chiffrée : nous ne voyons ni ne conservons jamais vos données de carte complètes.',
        ],
      },
      it: {
        title: 'Pagamenti sicuri',
        body: [
          'Puoi pagare con carta di credito o di debito (Visa, Mastercard, American Express), con PayPal o tramite MultiSafepay, che offre metodi di pagamento locali come iDEAL e Bancontact.',
          'Con PayPal puoi anche pagare a rate per importi da 30 EUR a 2000 EUR, previa approvazione di PayPal.',
          'Tutti i pagamenti sono elaborati da fornitori certificati su una connessione cifrata: non vediamo né conserviamo mai i dati completi della tua carta.',
        ],
      },
      es: {
        title: 'Pago seguro',
        body: [
          'Puedes pagar con tarjeta de crédito o débito (Visa, Mastercard, American Express), con PayPal o a través de MultiSafepay, que ofrece métodos de pago locales como iDEAL y Bancontact.',
          'Con PayPal también puedes pagar a plazos importes de 30 EUR a 2000 EUR, sujeto a la aprobación de PayPal.',
          'Todos los pagos los procesan proveedores certificados mediante una conexión cifrada: nunca vemos ni guardamos los datos completos de tu tarjeta.',
        ],
      },
      de: {
        title: 'Sichere Zahlung',
        body: [
          'Sie können mit Kredit- oder Debitkarte (Visa, Mastercard, American Express), mit PayPal oder über MultiSafepay bezahlen, das lokale Zahlungsarten wie iDEAL und Bancontact anbietet.',
          'Mit PayPal können Sie Beträge von 30 EUR bis 2000 EUR auch in Raten bezahlen, sofern PayPal zustimmt.',
          'Alle Zahlungen werden von zertifizierten Zahlungsdienstleistern über eine verschlüsselte Verbindung abgewickelt: Wir sehen und speichern niemals Ihre vollständigen Kartendaten.',
        ],
      },
    },
  },
  {
    key: 'terms-and-conditions',
    texts: {
      en: {
        title: 'Terms and conditions',
        body: [
          'These terms govern the sale of products on this website. By placing an order, you accept the terms in force on the day of the order.',
          'Prices are shown in euros and include the VAT of the delivery country; shipping costs are shown before payment. The contract is concluded when we send the order confirmation email.',
          'For pre-orders and backorders, the expected availability date is shown on the product page and in the order confirmation. You may withdraw from the contract within 14 days of delivery, as described on the returns page.',
        ],
      },
      fr: {
        title: 'Conditions générales de vente',
        body: [
          'Les présentes conditions régissent la vente des produits sur ce site. En passant commande, vous acceptez les conditions en vigueur le jour de la commande.',
          'Les prix sont indiqués en euros, TVA du pays de livraison incluse ; les frais de port sont affichés avant le paiement. Le contrat est conclu à l’envoi de l’e-mail de confirmation de commande.',
          'Pour les précommandes et les commandes sur demande, la date de disponibilité prévue figure sur la fiche produit et dans la confirmation de commande. Vous pouvez vous rétracter dans les 14 jours suivant la livraison, comme indiqué sur la page des retours.',
        ],
      },
      it: {
        title: 'Condizioni di vendita',
        body: [
          'Le presenti condizioni regolano la vendita dei prodotti su questo sito. Effettuando un ordine accetti le condizioni in vigore il giorno dell’ordine.',
          'I prezzi sono espressi in euro e comprendono l’IVA del paese di consegna; le spese di spedizione sono indicate prima del pagamento. Il contratto si conclude con l’invio dell’email di conferma dell’ordine.',
          'Per preordini e ordini su richiesta, la data di disponibilità prevista è indicata nella scheda prodotto e nella conferma d’ordine. Puoi recedere dal contratto entro 14 giorni dalla consegna, come descritto nella pagina dei resi.',
        ],
      },
      es: {
        title: 'Condiciones de venta',
        body: [
          'Estas condiciones regulan la venta de productos en este sitio web. Al realizar un pedido, aceptas las condiciones vigentes el día del pedido.',
          'Los precios se indican en euros e incluyen el IVA del país de entrega; los gastos de envío se muestran antes del pago. El contrato se formaliza cuando enviamos el correo de confirmación del pedido.',
          'En las preventas y los pedidos bajo demanda, la fecha de disponibilidad prevista figura en la ficha del producto y en la confirmación del pedido. Puedes desistir del contrato en los 14 días siguientes a la entrega, tal como se describe en la página de devoluciones.',
        ],
      },
      de: {
        title: 'Allgemeine Geschäftsbedingungen',
        body: [
          'Diese Bedingungen regeln den Verkauf von Produkten auf dieser Website. Mit Ihrer Bestellung akzeptieren Sie die am Tag der Bestellung gültigen Bedingungen.',
          'Die Preise sind in Euro angegeben und enthalten die Mehrwertsteuer des Lieferlandes; die Versandkosten werden vor der Zahlung angezeigt. Der Vertrag kommt mit dem Versand der Bestellbestätigung per E-Mail zustande.',
          'Bei Vorbestellungen und Nachlieferungen sind das voraussichtliche Lieferdatum auf der Produktseite und in der Bestellbestätigung angegeben. Sie können Ihre Bestellung innerhalb von 14 Tagen nach der Lieferung widerrufen, wie auf der Seite zu Rücksendungen beschrieben.',
        ],
      },
    },
  },
  {
    key: 'privacy-policy',
    texts: {
      en: {
        title: 'Privacy policy',
        body: [
          'We process your personal data only to manage your account and your orders, to send you the newsletter if you have subscribed to it, and to meet our legal obligations.',
          'Your data is never sold. It is shared only with the carriers and payment providers needed to fulfil your order, and it is stored within the European Union.',
          'You can access, correct or delete your data at any time from your account or by writing to privacy@example.com.',
        ],
      },
      fr: {
        title: 'Politique de confidentialité',
        body: [
          'Nous traitons vos données personnelles uniquement pour gérer votre compte et vos commandes, vous envoyer notre lettre d’information si vous y êtes abonné et respecter nos obligations légales.',
          'Vos données ne sont jamais vendues. Elles ne sont partagées qu’avec les transporteurs et les prestataires de paiement nécessaires à l’exécution de votre commande, et sont conservées dans l’Union européenne.',
          'Vous pouvez consulter, corriger ou supprimer vos données à tout moment depuis votre compte ou en écrivant à privacy@example.com.',
        ],
      },
      it: {
        title: 'Informativa sulla privacy',
        body: [
          'Trattiamo i tuoi dati personali solo per gestire il tuo account e i tuoi ordini, inviarti la newsletter se ti sei iscritto e adempiere ai nostri obblighi di legge.',
          'I tuoi dati non vengono mai venduti. Sono condivisi solo con i corrieri e i fornitori di pagamento necessari per evadere il tuo ordine e sono conservati nell’Unione europea.',
          'Puoi consultare, correggere o cancellare i tuoi dati in qualsiasi momento dal tuo account o scrivendo a privacy@example.com.',
        ],
      },
      es: {
        title: 'Política de privacidad',
        body: [
          'Tratamos tus datos personales únicamente para gestionar tu cuenta y tus pedidos, enviarte nuestro boletín si te has suscrito y cumplir nuestras obligaciones legales.',
          'Tus datos nunca se venden. Solo se comparten con los transportistas y proveedores de pago necesarios para completar tu pedido, y se almacenan dentro de la Unión Europea.',
          'Puedes consultar, corregir o eliminar tus datos en cualquier momento desde tu cuenta o escribiendo a privacy@example.com.',
        ],
      },
      de: {
        title: 'Datenschutzerklärung',
        body: [
          'Wir verarbeiten Ihre personenbezogenen Daten nur, um Ihr Kundenkonto und Ihre Bestellungen zu verwalten, Ihnen den Newsletter zu senden, sofern Sie ihn abonniert haben, und unsere gesetzlichen Pflichten zu erfüllen.',
          'Ihre Daten werden niemals verkauft. Sie werden nur an die Versand- und Zahlungsdienstleister weitergegeben, die für die Abwicklung Ihrer Bestellung nötig sind, und innerhalb der Europäischen Union gespeichert.',
          'Sie können Ihre Daten jederzeit in Ihrem Kundenkonto oder per E-Mail an privacy@example.com einsehen, berichtigen oder löschen lassen.',
        ],
      },
    },
  },
  {
    key: 'legal-notice',
    texts: {
      en: {
        title: 'Legal notice',
        body: [
          'This website is operated by Demo Moda S.r.l., Via Solferino 12, 20121 Milan, Italy. VAT number IT01234567890.',
          'This is a demo shop: the products, brands and orders shown are fictitious and no real purchase can be made.',
        ],
      },
      fr: {
        title: 'Mentions légales',
        body: [
          'Ce site est édité par Demo Moda S.r.l., Via Solferino 12, 20121 Milan, Italie. Numéro de TVA IT01234567890.',
          'Ceci est une boutique de démonstration : les produits, les marques et les commandes présentés sont fictifs et aucun achat réel n’est possible.',
        ],
      },
      it: {
        title: 'Note legali',
        body: [
          'Questo sito è gestito da Demo Moda S.r.l., Via Solferino 12, 20121 Milano, Italia. Partita IVA IT01234567890.',
          'Questo è un negozio dimostrativo: i prodotti, i marchi e gli ordini mostrati sono fittizi e non è possibile effettuare acquisti reali.',
        ],
      },
      es: {
        title: 'Aviso legal',
        body: [
          'Este sitio web está gestionado por Demo Moda S.r.l., Via Solferino 12, 20121 Milán, Italia. NIF-IVA IT01234567890.',
          'Esta es una tienda de demostración: los productos, marcas y pedidos que se muestran son ficticios y no se puede realizar ninguna compra real.',
        ],
      },
      de: {
        title: 'Impressum',
        body: [
          'Diese Website wird betrieben von Demo Moda S.r.l., Via Solferino 12, 20121 Mailand, Italien. USt-IdNr. IT01234567890.',
          'Dies ist ein Demo-Shop: Die gezeigten Produkte, Marken und Bestellungen sind fiktiv, echte Käufe sind nicht möglich.',
        ],
      },
    },
  },
  {
    key: 'contact',
    texts: {
      en: {
        title: 'Contact',
        body: [
          'Our customer service team is available Monday to Friday, from 9 am to 6 pm (Central European Time).',
          'Write to us at support@example.com or call +39 02 1234 5678. We answer every message within one working day.',
        ],
      },
      fr: {
        title: 'Contact',
        body: [
          'Notre service client est disponible du lundi au vendredi, de 9 h à 18 h (heure d’Europe centrale).',
          'Écrivez-nous à support@example.com ou appelez le +39 02 1234 5678. Nous répondons à chaque message sous un jour ouvré.',
        ],
      },
      it: {
        title: 'Contatti',
        body: [
          'Il nostro servizio clienti è disponibile dal lunedì al venerdì, dalle 9 alle 18 (ora dell’Europa centrale).',
          'Scrivici a support@example.com o chiama il +39 02 1234 5678. Rispondiamo a ogni messaggio entro un giorno lavorativo.',
        ],
      },
      es: {
        title: 'Contacto',
        body: [
          'Nuestro servicio de atención al cliente está disponible de lunes a viernes, de 9:00 a 18:00 (hora de Europa central).',
          'Escríbenos a support@example.com o llama al +39 02 1234 5678. Respondemos a todos los mensajes en un día laborable.',
        ],
      },
      de: {
        title: 'Kontakt',
        body: [
          'Unser Kundenservice ist montags bis freitags von 9 bis 18 Uhr (MEZ) für Sie da.',
          'Schreiben Sie uns an support@example.com oder rufen Sie uns unter +39 02 1234 5678 an. Wir beantworten jede Nachricht innerhalb eines Werktages.',
        ],
      },
    },
  },
];

export function contentRows(): {
  pages: (typeof contentPages.$inferInsert)[];
  translations: (typeof contentPageTranslations.$inferInsert)[];
  sizeCharts: (typeof categorySizeCharts.$inferInsert)[];
} {
  const all = [
    ...PAGES.map((page) => ({ ...page, kind: 'page' })),
    ...SIZE_CHART_PAGES.map((page) => ({ ...page, kind: 'size-chart' })),
  ].map((page, index) => ({ ...page, id: index + 1 }));
  return {
    pages: all.map(({ id, kind, key }, position) => ({ id, kind, key, position })),
    // Each gender's chart is its category's: every product under it links there until a subcategory gets its own.
    sizeCharts: all.flatMap(({ id, key }) => {
      const gender = Object.keys(GENDERS).find((candidate) => key === `size-chart-${candidate}`) as Gender | undefined;
      return gender ? [{ categoryId: GENDERS[gender].id, pageId: id }] : [];
    }),
    translations: all.flatMap((page) =>
      LANGS.map((lang) => {
        const { title, slug, body } = page.texts[lang];
        // A page is kept as Markdown, its paragraphs a blank line apart (ADR 48); a size chart as its table.
        return { pageId: page.id, lang, title, slug: slug ?? slugify(title, lang), body: Array.isArray(body) ? body.join('\n\n') : body };
      }),
    ),
  };
}
