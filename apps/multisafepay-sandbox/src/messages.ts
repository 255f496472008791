import { isLocale, type Locale } from '@shop/sandbox-kit';

export { fill, isLocale, LOCALES, type Locale } from '@shop/sandbox-kit';

/** The payment page's texts in every language an order's `customer.locale` may ask for. `{…}` are filled in. */

export type Messages = {
  title: string;
  testMode: string;
  amount: string;
  description: string;
  chooseMethod: string;
  ideal: string;
  card: string;
  bankTransfer: string;
  next: string;
  cancel: string;
  chooseMethodError: string;
  errorSummary: string;
  chooseBank: string;
  chooseBankError: string;
  idealText: string;
  cardText: string;
  approve: string;
  decline: string;
  otherMethod: string;
  transferText: string;
  confirmTransfer: string;
  instructionsTitle: string;
  instructionsText: string;
  beneficiary: string;
  iban: string;
  bic: string;
  reference: string;
  backToShop: string;
  paidTitle: string;
  closedTitle: string;
  expiredTitle: string;
};

export const MESSAGES: Record<Locale, Messages> = {
  en: {
    title: 'Pay {merchant}',
    testMode: 'Test mode: no real money is moved.',
    amount: 'Amount to pay',
    description: 'Order',
    chooseMethod: 'Choose how to pay',
    ideal: 'iDEAL',
    card: 'Credit or debit card',
    bankTransfer: 'Bank transfer',
    next: 'Continue',
    cancel: 'Cancel and return to {merchant}',
    chooseMethodError: 'Choose a payment method.',
    errorSummary: 'There is a problem:',
    chooseBank: 'Choose your bank',
    chooseBankError: 'Choose your bank.',
    idealText: 'Your bank asks you to approve the payment of {amount} to {merchant}.',
    cardText: 'Your card issuer asks you to approve the payment of {amount} to {merchant}.',
    approve: 'Approve',
    decline: 'Decline',
    otherMethod: 'Choose another payment method',
    transferText: 'You will receive our bank details and transfer {amount} yourself. Your order is paid once the money arrives (1 to 3 business days).',
    confirmTransfer: 'Confirm bank transfer',
    instructionsTitle: 'Transfer the amount',
    instructionsText: 'Transfer {amount} to the account below, with the reference, so that we can match your payment.',
    beneficiary: 'Beneficiary',
    iban: 'IBAN',
    bic: 'BIC',
    reference: 'Reference',
    backToShop: 'Return to {merchant}',
    paidTitle: 'This order is paid',
    closedTitle: 'This payment can no longer be made',
    expiredTitle: 'This payment link has expired',
  },
  fr: {
    title: 'Payer {merchant}',
    testMode: 'Mode test : aucun argent réel n’est débité.',
    amount: 'Montant à payer',
    description: 'Commande',
    chooseMethod: 'Choisissez comment payer',
    ideal: 'iDEAL',
    card: 'Carte de crédit ou de débit',
    bankTransfer: 'Virement bancaire',
    next: 'Continuer',
    cancel: 'Annuler et revenir sur {merchant}',
    chooseMethodError: 'Choisissez un moyen de paiement.',
    errorSummary: 'Il y a un problème :',
    chooseBank: 'Choisissez votre banque',
    chooseBankError: 'Choisissez votre banque.',
    idealText: 'Votre banque vous demande d’approuver le paiement de {amount} à {merchant}.',
    cardText: 'L’émetteur de votre carte vous demande d’approuver le paiement de {amount} à {merchant}.',
    approve: 'Approuver',
    decline: 'Refuser',
    otherMethod: 'Choisir un autre moyen de paiement',
    transferText: 'Vous recevrez nos coordonnées bancaires et virerez vous-même {amount}. Votre commande est payée dès réception de l’argent (1 à 3 jours ouvrés).',
    confirmTransfer: 'Confirmer le virement',
    instructionsTitle: 'Virez le montant',
    instructionsText: 'Virez {amount} sur le compte ci-dessous, avec la référence, pour que nous puissions associer votre paiement.',
    beneficiary: 'Bénéficiaire',
    iban: 'IBAN',
    bic: 'BIC',
    reference: 'Référence',
    backToShop: 'Revenir sur {merchant}',
    paidTitle: 'Cette commande est payée',
    closedTitle: 'Ce paiement n’est plus possible',
    expiredTitle: 'Ce lien de paiement a expiré',
  },
  it: {
    title: 'Paga {merchant}',
    testMode: 'Modalità di prova: nessun addebito reale.',
    amount: 'Importo da pagare',
    description: 'Ordine',
    chooseMethod: 'Scegli come pagare',
    ideal: 'iDEAL',
    card: 'Carta di credito o di debito',
    bankTransfer: 'Bonifico bancario',
    next: 'Continua',
    cancel: 'Annulla e torna a {merchant}',
    chooseMethodError: 'Scegli un metodo di pagamento.',
    errorSummary: 'C’è un problema:',
    chooseBank: 'Scegli la tua banca',
    chooseBankError: 'Scegli la tua banca.',
    idealText: 'La tua banca ti chiede di approvare il pagamento di {amount} a {merchant}.',
    cardText: 'L’emittente della tua carta ti chiede di approvare il pagamento di {amount} a {merchant}.',
    approve: 'Approva',
    decline: 'Rifiuta',
    otherMethod: 'Scegli un altro metodo di pagamento',
    transferText: 'Riceverai le nostre coordinate bancarie e bonificherai tu {amount}. L’ordine è pagato quando il denaro arriva (da 1 a 3 giorni lavorativi).',
    confirmTransfer: 'Conferma il bonifico',
    instructionsTitle: 'Bonifica l’importo',
    instructionsText: 'Bonifica {amount} sul conto qui sotto, con il riferimento, così potremo abbinare il tuo pagamento.',
    beneficiary: 'Beneficiario',
    iban: 'IBAN',
    bic: 'BIC',
    reference: 'Riferimento',
    backToShop: 'Torna a {merchant}',
    paidTitle: 'Questo ordine è pagato',
    closedTitle: 'Questo pagamento non è più possibile',
    expiredTitle: 'Questo link di pagamento è scaduto',
  },
  es: {
    title: 'Pagar a {merchant}',
    testMode: 'Modo de prueba: no se mueve dinero real.',
    amount: 'Importe a pagar',
    description: 'Pedido',
    chooseMethod: 'Elige cómo pagar',
    ideal: 'iDEAL',
    card: 'Tarjeta de crédito o débito',
    bankTransfer: 'Transferencia bancaria',
    next: 'Continuar',
    cancel: 'Cancelar y volver a {merchant}',
    chooseMethodError: 'Elige un método de pago.',
    errorSummary: 'Hay un problema:',
    chooseBank: 'Elige tu banco',
    chooseBankError: 'Elige tu banco.',
    idealText: 'Tu banco te pide que apruebes el pago de {amount} a {merchant}.',
    cardText: 'El emisor de tu tarjeta te pide que apruebes el pago de {amount} a {merchant}.',
    approve: 'Aprobar',
    decline: 'Rechazar',
    otherMethod: 'Elegir otro método de pago',
    transferText: 'Recibirás nuestros datos bancarios y transferirás tú mismo {amount}. Tu pedido queda pagado cuando llega el dinero (de 1 a 3 días hábiles).',
    confirmTransfer: 'Confirmar la transferencia',
    instructionsTitle: 'Transfiere el importe',
    instructionsText: 'Transfiere {amount} a la cuenta siguiente, con la referencia, para que podamos asociar tu pago.',
    beneficiary: 'Beneficiario',
    iban: 'IBAN',
    bic: 'BIC',
    reference: 'Referencia',
    backToShop: 'Volver a {merchant}',
    paidTitle: 'Este pedido está pagado',
    closedTitle: 'Este pago ya no es posible',
    expiredTitle: 'Este enlace de pago ha caducado',
  },
  de: {
    title: '{merchant} bezahlen',
    testMode: 'Testmodus: Es wird kein echtes Geld bewegt.',
    amount: 'Zu zahlender Betrag',
    description: 'Bestellung',
    chooseMethod: 'Wählen Sie, wie Sie bezahlen',
    ideal: 'iDEAL',
    card: 'Kredit- oder Debitkarte',
    bankTransfer: 'Banküberweisung',
    next: 'Weiter',
    cancel: 'Abbrechen und zu {merchant} zurückkehren',
    chooseMethodError: 'Wählen Sie eine Zahlungsart.',
    errorSummary: 'Es gibt ein Problem:',
    chooseBank: 'Wählen Sie Ihre Bank',
    chooseBankError: 'Wählen Sie Ihre Bank.',
    idealText: 'Ihre Bank bittet Sie, die Zahlung von {amount} an {merchant} zu genehmigen.',
    cardText: 'Ihr Kartenherausgeber bittet Sie, die Zahlung von {amount} an {merchant} zu genehmigen.',
    approve: 'Genehmigen',
    decline: 'Ablehnen',
    otherMethod: 'Andere Zahlungsart wählen',
    transferText: 'Sie erhalten unsere Bankverbindung und überweisen {amount} selbst. Ihre Bestellung ist bezahlt, sobald das Geld eingeht (1 bis 3 Werktage).',
    confirmTransfer: 'Überweisung bestätigen',
    instructionsTitle: 'Überweisen Sie den Betrag',
    instructionsText: 'Überweisen Sie {amount} mit dem Verwendungszweck auf das folgende Konto, damit wir Ihre Zahlung zuordnen können.',
    beneficiary: 'Empfänger',
    iban: 'IBAN',
    bic: 'BIC',
    reference: 'Verwendungszweck',
    backToShop: 'Zurück zu {merchant}',
    paidTitle: 'Diese Bestellung ist bezahlt',
    closedTitle: 'Diese Zahlung ist nicht mehr möglich',
    expiredTitle: 'Dieser Zahlungslink ist abgelaufen',
  },
  pl: {
    title: 'Zapłać {merchant}',
    testMode: 'Tryb testowy: żadne prawdziwe pieniądze nie są przelewane.',
    amount: 'Kwota do zapłaty',
    description: 'Zamówienie',
    chooseMethod: 'Wybierz sposób płatności',
    ideal: 'iDEAL',
    card: 'Karta kredytowa lub debetowa',
    bankTransfer: 'Przelew bankowy',
    next: 'Dalej',
    cancel: 'Anuluj i wróć do {merchant}',
    chooseMethodError: 'Wybierz metodę płatności.',
    errorSummary: 'Wystąpił problem:',
    chooseBank: 'Wybierz swój bank',
    chooseBankError: 'Wybierz swój bank.',
    idealText: 'Twój bank prosi o zatwierdzenie płatności {amount} na rzecz {merchant}.',
    cardText: 'Wydawca karty prosi o zatwierdzenie płatności {amount} na rzecz {merchant}.',
    approve: 'Zatwierdź',
    decline: 'Odrzuć',
    otherMethod: 'Wybierz inną metodę płatności',
    transferText: 'Otrzymasz nasze dane bankowe i samodzielnie przelejesz {amount}. Zamówienie jest opłacone, gdy pieniądze dotrą (od 1 do 3 dni roboczych).',
    confirmTransfer: 'Potwierdź przelew',
    instructionsTitle: 'Przelej kwotę',
    instructionsText: 'Przelej {amount} na poniższe konto, podając tytuł przelewu, abyśmy mogli przypisać Twoją płatność.',
    beneficiary: 'Odbiorca',
    iban: 'IBAN',
    bic: 'BIC',
    reference: 'Tytuł przelewu',
    backToShop: 'Wróć do {merchant}',
    paidTitle: 'To zamówienie jest opłacone',
    closedTitle: 'Tej płatności nie można już wykonać',
    expiredTitle: 'Ten link do płatności wygasł',
  },
};

/** MultiSafepay's `customer.locale` (`fr_FR`, `de_DE`, `en_US`…): its language, English when not one of ours. */
export function localeOf(value: unknown): Locale {
  const language = typeof value === 'string' ? value.slice(0, 2).toLowerCase() : '';
  return isLocale(language) ? language : 'en';
}
