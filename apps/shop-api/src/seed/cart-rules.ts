import type { cartRules } from '../db/schema.ts';
import { GENDERS } from './categories.ts';
import { t } from './shared.ts';

type RuleRow = typeof cartRules.$inferInsert;

/**
 * The demo shop's coupons and vouchers, one per kind of condition, so that every message can be tried
 * (the README lists them). Amounts are cents with VAT.
 */
export const DEMO_CART_RULES: RuleRow[] = [
  {
    code: 'WELCOME10',
    names: t('10% welcome discount', 'Remise de bienvenue de 10 %', 'Sconto di benvenuto del 10%', 'Descuento de bienvenida del 10 %', '10 % Willkommensrabatt'),
    reductionPercent: 10,
  },
  {
    code: 'SAVE20',
    kind: 'voucher',
    names: t('20 € voucher from 100 €', 'Bon de 20 € dès 100 €', 'Buono di 20 € da 100 €', 'Vale de 20 € desde 100 €', '20-€-Gutschein ab 100 €'),
    reductionAmountCents: 2000,
    minimumAmountCents: 10_000,
  },
  {
    code: 'FREESHIP',
    names: t('Free shipping', 'Livraison offerte', 'Spedizione gratuita', 'Envío gratis', 'Kostenloser Versand'),
    freeShipping: true,
  },
  {
    code: 'SUMMER2024',
    names: t('Summer sale 15%', 'Soldes d’été 15 %', 'Saldi estivi 15%', 'Rebajas de verano 15 %', 'Sommerschlussverkauf 15 %'),
    reductionPercent: 15,
    startsAt: new Date(Date.UTC(2024, 5, 1)),
    endsAt: new Date(Date.UTC(2024, 8, 1)),
  },
  {
    code: 'NEXTSEASON',
    names: t('Next season 10%', 'Saison prochaine 10 %', 'Prossima stagione 10%', 'Próxima temporada 10 %', 'Nächste Saison 10 %'),
    reductionPercent: 10,
    startsAt: new Date(Date.UTC(2099, 2, 1)),
  },
  {
    code: 'KIDS15',
    names: t('15% on kids’ clothes', '15 % sur la mode enfant', '15% sull’abbigliamento bambini', '15 % en moda infantil', '15 % auf Kindermode'),
    reductionPercent: 15,
    categoryIds: [GENDERS.kids.id],
    appliesToDiscounted: false,
    combinable: false,
  },
  {
    code: 'ONCE5',
    kind: 'voucher',
    names: t('5 € once per customer', '5 € une fois par client', '5 € una volta per cliente', '5 € una vez por cliente', '5 € einmal pro Kunde'),
    reductionAmountCents: 500,
    usesPerCustomerLimit: 1,
  },
  {
    code: 'FLASH50',
    names: t('Flash sale 50% (first 3 orders)', 'Vente flash 50 % (3 premières commandes)', 'Flash sale 50% (prime 3 ordini)', 'Venta flash 50 % (3 primeros pedidos)', 'Flash-Sale 50 % (erste 3 Bestellungen)'),
    reductionPercent: 50,
    totalUsesLimit: 3,
  },
];

/** Uses seeded with the demo orders: the demo customer has used ONCE5, and FLASH50 is used up. */
export const DEMO_RULE_USES: { code: string; byDemoCustomer: boolean }[] = [
  { code: 'ONCE5', byDemoCustomer: true },
  { code: 'FLASH50', byDemoCustomer: true },
  { code: 'FLASH50', byDemoCustomer: false },
  { code: 'FLASH50', byDemoCustomer: false },
];
