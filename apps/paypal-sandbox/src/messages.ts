import { isLocale, type Locale } from '@shop/sandbox-kit';

export { fill, isLocale, LOCALES, type Locale } from '@shop/sandbox-kit';

/** The approval page's texts in every language an order may ask for. `{merchant}` and `{amount}` are filled in. */

export type Messages = {
  title: string;
  testMode: string;
  payingTo: string;
  total: string;
  account: string;
  approve: string;
  decline: string;
  declineHint: string;
  cancel: string;
  declined: string;
  closedTitle: string;
  backToShop: string;
};

export const MESSAGES: Record<Locale, Messages> = {
  en: {
    title: 'Pay with PayPal',
    testMode: 'PayPal sandbox: no real money moves.',
    payingTo: 'You are paying {merchant}',
    total: 'Total',
    account: 'Paying as the sandbox buyer (no login needed).',
    approve: 'Pay {amount}',
    decline: 'Pay with a method that is declined',
    declineHint: 'Test: the payment cannot be made; you stay on this page.',
    cancel: 'Cancel and return to {merchant}',
    declined: 'This payment method was declined. Choose another way to pay, or cancel and return to {merchant}.',
    closedTitle: 'This payment can no longer be approved.',
    backToShop: 'Return to {merchant}',
  },
  fr: {
    title: 'Payer avec PayPal',
    testMode: 'Sandbox PayPal : aucun argent réel n’est débité.',
    payingTo: 'Vous payez {merchant}',
    total: 'Total',
    account: 'Paiement avec l’acheteur de test (aucune connexion requise).',
    approve: 'Payer {amount}',
    decline: 'Payer avec un moyen refusé',
    declineHint: 'Test : le paiement ne peut pas être effectué ; vous restez sur cette page.',
    cancel: 'Annuler et revenir sur {merchant}',
    declined: 'Ce moyen de paiement a été refusé. Choisissez-en un autre, ou annulez et revenez sur {merchant}.',
    closedTitle: 'Ce paiement ne peut plus être approuvé.',
    backToShop: 'Revenir sur {merchant}',
  },
  it: {
    title: 'Paga con PayPal',
    testMode: 'Sandbox PayPal: nessun addebito reale.',
    payingTo: 'Stai pagando {merchant}',
    total: 'Totale',
    account: 'Paghi come acquirente di prova (nessun accesso richiesto).',
    approve: 'Paga {amount}',
    decline: 'Paga con un metodo rifiutato',
    declineHint: 'Prova: il pagamento non può essere effettuato; resti su questa pagina.',
    cancel: 'Annulla e torna su {merchant}',
    declined: 'Questo metodo di pagamento è stato rifiutato. Scegli un altro metodo, oppure annulla e torna su {merchant}.',
    closedTitle: 'Questo pagamento non può più essere approvato.',
    backToShop: 'Torna su {merchant}',
  },
  es: {
    title: 'Pagar con PayPal',
    testMode: 'Sandbox de PayPal: no se cobra dinero real.',
    payingTo: 'Estás pagando a {merchant}',
    total: 'Total',
    account: 'Pagas como comprador de prueba (sin iniciar sesión).',
    approve: 'Pagar {amount}',
    decline: 'Pagar con un método rechazado',
    declineHint: 'Prueba: el pago no se puede realizar; te quedas en esta página.',
    cancel: 'Cancelar y volver a {merchant}',
    declined: 'Este método de pago ha sido rechazado. Elige otra forma de pago, o cancela y vuelve a {merchant}.',
    closedTitle: 'Este pago ya no se puede aprobar.',
    backToShop: 'Volver a {merchant}',
  },
  de: {
    title: 'Mit PayPal bezahlen',
    testMode: 'PayPal-Sandbox: Es wird kein echtes Geld bewegt.',
    payingTo: 'Sie bezahlen {merchant}',
    total: 'Gesamtbetrag',
    account: 'Sie zahlen als Test-Käufer (keine Anmeldung nötig).',
    approve: '{amount} bezahlen',
    decline: 'Mit einer abgelehnten Zahlungsart bezahlen',
    declineHint: 'Test: Die Zahlung kann nicht ausgeführt werden; Sie bleiben auf dieser Seite.',
    cancel: 'Abbrechen und zu {merchant} zurückkehren',
    declined: 'Diese Zahlungsart wurde abgelehnt. Wählen Sie eine andere, oder brechen Sie ab und kehren Sie zu {merchant} zurück.',
    closedTitle: 'Diese Zahlung kann nicht mehr genehmigt werden.',
    backToShop: 'Zurück zu {merchant}',
  },
  pl: {
    title: 'Zapłać przez PayPal',
    testMode: 'Piaskownica PayPal: żadne prawdziwe pieniądze nie są pobierane.',
    payingTo: 'Płacisz na rzecz {merchant}',
    total: 'Razem',
    account: 'Płacisz jako testowy kupujący (bez logowania).',
    approve: 'Zapłać {amount}',
    decline: 'Zapłać metodą, która zostanie odrzucona',
    declineHint: 'Test: płatność nie może zostać zrealizowana; pozostajesz na tej stronie.',
    cancel: 'Anuluj i wróć do {merchant}',
    declined: 'Ta metoda płatności została odrzucona. Wybierz inną lub anuluj i wróć do {merchant}.',
    closedTitle: 'Tej płatności nie można już zatwierdzić.',
    backToShop: 'Wróć do {merchant}',
  },
};

/** PayPal's locale is BCP 47 (`fr-FR`, `de`): its language, when the page speaks it, else English. */
export function localeOf(tag: string | undefined): Locale {
  const language = tag?.split('-')[0]?.toLowerCase();
  return isLocale(language) ? language : 'en';
}
