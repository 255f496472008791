import { TEXT_LANGUAGES, type Order } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { mailLocale } from './layout.ts';
import { orderConfirmationMail } from './order-confirmation.ts';
import { shippingNoticeMail } from './shipping-notice.ts';

const HOSTILE = '<img src=x onerror=alert(1)>';
const address = { first_name: HOSTILE, last_name: 'Rossi', company: '', address1: 'Via Roma 1', address2: '', postcode: '00184', city: 'Roma', state: 'RM', country: 'IT', phone: '' };
const line = { product_id: 1, link_rewrite: 'shirt', variant: {}, reference: 'R1', on_demand: null, on_demand_quantity: 0, available_date: null, cancellable: true, returnable: 0, shipped: 0 };

/** An order as the mails get it, with what a shopper or a staff member typed made hostile. */
const order: Order = {
  reference: 'AMTEST0001',
  date: '2026-11-27T10:00:00.000Z',
  status: 'payment_accepted',
  total: 12990,
  currency: 'EUR',
  item_count: 3,
  email: 'ada@example.com',
  items_total: 12500,
  discounts: 0,
  shipping: 490,
  tax: 2342,
  shipping_address: address,
  billing_address: { ...address, company: '<b>ACME</b> & Co' },
  carrier: { name: `Express ${HOSTILE}`, kind: 'home', delivery_days: { min: 1, max: 2 }, delivery: { from: '2026-12-01', to: '2026-12-02' } },
  pickup_point: null,
  delivery_message: `Ring twice ${HOSTILE}`,
  coupons: [],
  invoice: null,
  gateway: 'card',
  tracking_number: null,
  shipments: [{ carrier: 'BRT', tracking_number: 'BRT 1', tracking_url: 'https://tracking.example/brt?n=1&x="y"', date: '2026-11-30T10:00:00.000Z', lines: [{ name: `Shirt ${HOSTILE}`, attributes: 'M, Blue', image_url: '/media/shirt-plain-1e3a5f-1.svg', quantity: 1 }] }],
  refunded: 0,
  payable: false,
  stray_payments: [],
  lines: [
    { ...line, name: `Shirt ${HOSTILE}`, attributes: 'M, Blue', image_url: '/media/shirt-plain-1e3a5f-1.svg', quantity: 2, unit_price: 4500, total: 9000 },
    { ...line, name: 'Scarf', attributes: 'One size, Red', image_url: null, quantity: 1, unit_price: 3500, total: 3500 },
  ],
  returns: [],
  return_by: null,
};
const terms = {
  title: 'Terms',
  slug: 'terms',
  blocks: [{ type: 'paragraph' as const, inline: [{ text: 'See ' }, { text: 'returns', href: '/en/returns' }, { text: ` ${HOSTILE}`, strong: true }] }],
};

/** The text a reader sees of the HTML part, its entities read. */
const shown = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

describe.each(TEXT_LANGUAGES)('the order mails in %s', (lang) => {
  const mails = {
    confirmation: orderConfirmationMail({ order, lang, storefrontUrl: 'https://shop.example', token: null, returnAddress: 'Returns, Via Tortona 1, Milano', terms }),
    shipping: shippingNoticeMail({ order, lang, storefrontUrl: 'https://shop.example', token: null, shipment: order.shipments[0]!, expected: { from: '2026-12-02', to: '2026-12-03' } }),
  };

  it.each(Object.keys(mails) as (keyof typeof mails)[])('%s: the HTML says what the text says, in the language, with every typed value escaped', (which) => {
    const mail = mails[which];
    expect(mail.html).toContain(`<html lang="${lang}">`);
    // Every line of the text part (bar the separators under titles) is read in the HTML part, addresses as its links.
    const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    const seen = shown([mail.html, ...links].join(' ')).replace(/\s+/g, ' ');
    for (const text of mail.text.split('\n').filter((text) => text.trim() && !/^-+$/.test(text))) {
      for (const piece of text.split(/ × |:(?:\s|$)|\(|\)/).map((part) => part.trim()).filter((part) => part.length > 2)) expect(seen, text).toContain(piece.replace(/\s+/g, ' '));
    }
    expect(mail.text).toContain(HOSTILE);
    expect(mail.html).not.toContain(HOSTILE);
    expect(mail.html).not.toMatch(/<[^>]*\son\w+=/);
    expect(mail.html).toContain('<img src="https://shop.example/media/shirt-plain-1e3a5f-1.svg"');
  });

  it('each says the days the parcel should arrive, in the language: the checkout promised them, the shipping counted them from the day it left', () => {
    const day = (date: string) => new Intl.DateTimeFormat(mailLocale(lang), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    expect(mails.confirmation.text).toContain(`${day('2026-12-01')} – ${day('2026-12-02')}`);
    expect(mails.shipping.text).toContain(`${day('2026-12-02')} – ${day('2026-12-03')}`);
  });

  it('confirmation: carries the right of withdrawal with its 14 days and where to write, the form and the terms, links made absolute', () => {
    const { text, html } = mails.confirmation;
    expect(text.match(/14/g)!.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('Returns, Via Tortona 1, Milano');
    expect(text).toContain('AMTEST0001');
    expect(html).toContain('href="https://shop.example/en/returns"');
    expect(html).toContain(`href="https://shop.example/${lang === 'pl' ? 'en' : lang}/terms"`);
  });
});

it('writes each language’s withdrawal in its own words', () => {
  const withdrawals = TEXT_LANGUAGES.map((lang) => {
    const { text } = orderConfirmationMail({ order, lang, storefrontUrl: 'https://shop.example', token: null, returnAddress: 'Returns', terms: null });
    return text.slice(text.indexOf('14'), text.indexOf('14') + 200);
  });
  expect(new Set(withdrawals).size).toBe(TEXT_LANGUAGES.length);
});
