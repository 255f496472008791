import type { Locale } from '@shop/sandbox-kit';

export { fill, isLocale, LOCALES, type Locale } from '@shop/sandbox-kit';

/** The hosted page's texts in every language a session may ask for. `{merchant}` and `{amount}` are filled in. */

export type Messages = {
  title: string;
  testMode: string;
  amount: string;
  name: string;
  number: string;
  expiry: string;
  expiryHint: string;
  cvc: string;
  cvcHint: string;
  pay: string;
  cancel: string;
  errorSummary: string;
  nameRequired: string;
  numberInvalid: string;
  expiryInvalid: string;
  expiryPast: string;
  cvcInvalid: string;
  declinedGeneric: string;
  declinedFunds: string;
  authenticationFailed: string;
  authTitle: string;
  authText: string;
  authComplete: string;
  authFail: string;
  expiredTitle: string;
  paidTitle: string;
  backToShop: string;
};

export const MESSAGES: Record<Locale, Messages> = {
  en: {
    title: 'Pay {merchant}',
    testMode: 'Test mode: no real card is charged.',
    amount: 'Amount to pay',
    name: 'Name on card',
    number: 'Card number',
    expiry: 'Expiry date',
    expiryHint: 'MM/YY',
    cvc: 'Security code (CVC)',
    cvcHint: '3 or 4 digits, on the back of the card',
    pay: 'Pay {amount}',
    cancel: 'Cancel and return',
    errorSummary: 'The payment could not be made:',
    nameRequired: 'Enter the name on the card.',
    numberInvalid: 'Your card number is invalid.',
    expiryInvalid: 'Enter the expiry date as MM/YY.',
    expiryPast: "Your card's expiration date is in the past.",
    cvcInvalid: "Your card's security code is invalid.",
    declinedGeneric: 'Your card was declined.',
    declinedFunds: 'Your card has insufficient funds.',
    authenticationFailed: 'We are unable to authenticate your payment. Please choose a different card or try again.',
    authTitle: 'Confirm this payment',
    authText: 'Your bank asks you to confirm the payment of {amount} to {merchant}.',
    authComplete: 'Complete authentication',
    authFail: 'Fail authentication',
    expiredTitle: 'This payment page has expired.',
    paidTitle: 'This payment is complete.',
    backToShop: 'Return to the shop',
  },
  fr: {
    title: 'Payer {merchant}',
    testMode: 'Mode test : aucune carte réelle n’est débitée.',
    amount: 'Montant à payer',
    name: 'Nom sur la carte',
    number: 'Numéro de carte',
    expiry: 'Date d’expiration',
    expiryHint: 'MM/AA',
    cvc: 'Code de sécurité (CVC)',
    cvcHint: '3 ou 4 chiffres, au dos de la carte',
    pay: 'Payer {amount}',
    cancel: 'Annuler et revenir',
    errorSummary: 'Le paiement n’a pas pu être effectué :',
    nameRequired: 'Saisissez le nom figurant sur la carte.',
    numberInvalid: 'Le numéro de votre carte n’est pas valide.',
    expiryInvalid: 'Saisissez la date d’expiration au format MM/AA.',
    expiryPast: 'La date d’expiration de votre carte est dépassée.',
    cvcInvalid: 'Le code de sécurité de votre carte n’est pas valide.',
    declinedGeneric: 'Votre carte a été refusée.',
    declinedFunds: 'Le solde de votre carte est insuffisant.',
    authenticationFailed: 'Nous ne parvenons pas à authentifier votre paiement. Choisissez une autre carte ou réessayez.',
    authTitle: 'Confirmez ce paiement',
    authText: 'Votre banque vous demande de confirmer le paiement de {amount} à {merchant}.',
    authComplete: 'Valider l’authentification',
    authFail: 'Échouer l’authentification',
    expiredTitle: 'Cette page de paiement a expiré.',
    paidTitle: 'Ce paiement est effectué.',
    backToShop: 'Revenir à la boutique',
  },
  it: {
    title: 'Paga {merchant}',
    testMode: 'Modalità di prova: nessuna carta reale viene addebitata.',
    amount: 'Importo da pagare',
    name: 'Nome sulla carta',
    number: 'Numero della carta',
    expiry: 'Data di scadenza',
    expiryHint: 'MM/AA',
    cvc: 'Codice di sicurezza (CVC)',
    cvcHint: '3 o 4 cifre, sul retro della carta',
    pay: 'Paga {amount}',
    cancel: 'Annulla e torna indietro',
    errorSummary: 'Non è stato possibile effettuare il pagamento:',
    nameRequired: 'Inserisci il nome riportato sulla carta.',
    numberInvalid: 'Il numero della carta non è valido.',
    expiryInvalid: 'Inserisci la data di scadenza nel formato MM/AA.',
    expiryPast: 'La carta è scaduta.',
    cvcInvalid: 'Il codice di sicurezza della carta non è valido.',
    declinedGeneric: 'La carta è stata rifiutata.',
    declinedFunds: 'Fondi insufficienti sulla carta.',
    authenticationFailed: 'Non è stato possibile autenticare il pagamento. Scegli un’altra carta o riprova.',
    authTitle: 'Conferma questo pagamento',
    authText: 'La tua banca ti chiede di confermare il pagamento di {amount} a {merchant}.',
    authComplete: 'Completa l’autenticazione',
    authFail: 'Fai fallire l’autenticazione',
    expiredTitle: 'Questa pagina di pagamento è scaduta.',
    paidTitle: 'Questo pagamento è stato effettuato.',
    backToShop: 'Torna al negozio',
  },
  es: {
    title: 'Pagar a {merchant}',
    testMode: 'Modo de prueba: no se cobra ninguna tarjeta real.',
    amount: 'Importe a pagar',
    name: 'Nombre en la tarjeta',
    number: 'Número de tarjeta',
    expiry: 'Fecha de caducidad',
    expiryHint: 'MM/AA',
    cvc: 'Código de seguridad (CVC)',
    cvcHint: '3 o 4 dígitos, en el reverso de la tarjeta',
    pay: 'Pagar {amount}',
    cancel: 'Cancelar y volver',
    errorSummary: 'No se ha podido realizar el pago:',
    nameRequired: 'Introduce el nombre que figura en la tarjeta.',
    numberInvalid: 'El número de tu tarjeta no es válido.',
    expiryInvalid: 'Introduce la fecha de caducidad como MM/AA.',
    expiryPast: 'La fecha de caducidad de tu tarjeta ya ha pasado.',
    cvcInvalid: 'El código de seguridad de tu tarjeta no es válido.',
    declinedGeneric: 'Tu tarjeta ha sido rechazada.',
    declinedFunds: 'Tu tarjeta no tiene fondos suficientes.',
    authenticationFailed: 'No hemos podido autenticar tu pago. Elige otra tarjeta o inténtalo de nuevo.',
    authTitle: 'Confirma este pago',
    authText: 'Tu banco te pide que confirmes el pago de {amount} a {merchant}.',
    authComplete: 'Completar la autenticación',
    authFail: 'Hacer fallar la autenticación',
    expiredTitle: 'Esta página de pago ha caducado.',
    paidTitle: 'Este pago se ha completado.',
    backToShop: 'Volver a la tienda',
  },
  de: {
    title: '{merchant} bezahlen',
    testMode: 'Testmodus: Es wird keine echte Karte belastet.',
    amount: 'Zu zahlender Betrag',
    name: 'Name auf der Karte',
    number: 'Kartennummer',
    expiry: 'Ablaufdatum',
    expiryHint: 'MM/JJ',
    cvc: 'Sicherheitscode (CVC)',
    cvcHint: '3 oder 4 Ziffern auf der Rückseite der Karte',
    pay: '{amount} bezahlen',
    cancel: 'Abbrechen und zurückkehren',
    errorSummary: 'Die Zahlung konnte nicht ausgeführt werden:',
    nameRequired: 'Geben Sie den Namen auf der Karte ein.',
    numberInvalid: 'Ihre Kartennummer ist ungültig.',
    expiryInvalid: 'Geben Sie das Ablaufdatum als MM/JJ ein.',
    expiryPast: 'Das Ablaufdatum Ihrer Karte liegt in der Vergangenheit.',
    cvcInvalid: 'Der Sicherheitscode Ihrer Karte ist ungültig.',
    declinedGeneric: 'Ihre Karte wurde abgelehnt.',
    declinedFunds: 'Ihre Karte ist nicht ausreichend gedeckt.',
    authenticationFailed: 'Ihre Zahlung konnte nicht authentifiziert werden. Wählen Sie eine andere Karte oder versuchen Sie es erneut.',
    authTitle: 'Bestätigen Sie diese Zahlung',
    authText: 'Ihre Bank bittet Sie, die Zahlung von {amount} an {merchant} zu bestätigen.',
    authComplete: 'Authentifizierung abschließen',
    authFail: 'Authentifizierung fehlschlagen lassen',
    expiredTitle: 'Diese Zahlungsseite ist abgelaufen.',
    paidTitle: 'Diese Zahlung ist abgeschlossen.',
    backToShop: 'Zurück zum Shop',
  },
  pl: {
    title: 'Zapłać {merchant}',
    testMode: 'Tryb testowy: żadna prawdziwa karta nie zostanie obciążona.',
    amount: 'Kwota do zapłaty',
    name: 'Imię i nazwisko na karcie',
    number: 'Numer karty',
    expiry: 'Data ważności',
    expiryHint: 'MM/RR',
    cvc: 'Kod bezpieczeństwa (CVC)',
    cvcHint: '3 lub 4 cyfry z tyłu karty',
    pay: 'Zapłać {amount}',
    cancel: 'Anuluj i wróć',
    errorSummary: 'Nie udało się zrealizować płatności:',
    nameRequired: 'Wpisz imię i nazwisko widoczne na karcie.',
    numberInvalid: 'Numer karty jest nieprawidłowy.',
    expiryInvalid: 'Wpisz datę ważności w formacie MM/RR.',
    expiryPast: 'Karta straciła ważność.',
    cvcInvalid: 'Kod bezpieczeństwa karty jest nieprawidłowy.',
    declinedGeneric: 'Karta została odrzucona.',
    declinedFunds: 'Brak wystarczających środków na karcie.',
    authenticationFailed: 'Nie udało się uwierzytelnić płatności. Wybierz inną kartę lub spróbuj ponownie.',
    authTitle: 'Potwierdź tę płatność',
    authText: 'Twój bank prosi o potwierdzenie płatności {amount} na rzecz {merchant}.',
    authComplete: 'Zakończ uwierzytelnianie',
    authFail: 'Odrzuć uwierzytelnianie',
    expiredTitle: 'Ta strona płatności wygasła.',
    paidTitle: 'Ta płatność została zrealizowana.',
    backToShop: 'Wróć do sklepu',
  },
};
