import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as msp from '../../multisafepay-sandbox/test/support.ts';
import { freePort } from '../../paypal-sandbox/test/support.ts';
import { selectRows } from '../src/db/raw.ts';
import { DRIVERS, mailTo, registerCustomer, useTestShop, type OutboxMail } from './databases.ts';
import { ITALY, placeGuestOrder, type CheckoutChoices } from './guest-order.ts';
import { adminCall, staffSession } from './staff.ts';

const ADMIN_TOKEN = 'back-office-token-for-tests-0123456789';
const HOSTILE = '<img src=x onerror=alert(1)>';
const HOSTILE_ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';

type Line = { name: string; attributes: string; image_url: string | null; quantity: number; unit_price: number; total: number };
type Order = { reference: string; date: string; lines: Line[]; items_total: number; shipping: number; total: number; tax: number; pickup_point: { name: string } | null };

/** What a mail program shows of the HTML part: its text without tags and with the entities read. */
const shown = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    // Spaces and line breaks as a browser collapses them (the no-break spaces in prices stay).
    .replace(/[ \t\r\n]+/g, ' ');

/**
 * The order mails as the shopper receives them (issue 28): HTML with a plain-text part, in the order's language,
 * with the pictures, sizes and colours, prices, addresses, totals with VAT, the order's link, the right of
 * withdrawal and the terms of sale; whatever the shopper typed is shown as text, never read as markup.
 */
describe.each(DRIVERS)('order mails on %s', (driver) => {
  let sandbox: Awaited<ReturnType<typeof msp.startSandbox>>;
  let apiPort: number;
  beforeAll(async () => {
    apiPort = await freePort();
    sandbox = await msp.startSandbox();
    return () => sandbox.close();
  });
  const shop = useTestShop(driver, () => ({
    ADMIN_TOKEN,
    STOREFRONT_URL: 'https://shop.example/',
    RETURN_ADDRESS: 'Atelier Moda Resi, Via Tortona 1, 20144 Milano',
    MULTISAFEPAY_API_URL: sandbox.url,
    MULTISAFEPAY_NOTIFICATION_URL: `http://127.0.0.1:${apiPort}/webhooks/multisafepay`,
  }));
  beforeAll(() => shop().app.listen({ port: apiPort, host: '127.0.0.1' }));

  /** An order placed with `choices` and paid; its confirmation mail and the order as the shopper reads it. */
  async function paidOrder(choices: CheckoutChoices, quantities = [2, 1]) {
    const placed = await placeGuestOrder(shop(), 'multisafepay', undefined, quantities, choices);
    await msp.pay(placed.redirectUrl, 'IDEAL');
    const mail = await mailTo(shop().app, placed.email, choices.customer ? 2 : 1);
    const order = (await placed.call('getOrder', { reference: placed.order.reference, token: placed.accessToken ?? undefined }, placed.token)).body.psdata as Order;
    return { placed, mail, order };
  }

  /** Every line of the order in both parts: name, size and colour, quantity and price, and its picture by its absolute address. */
  function expectLines(mail: OutboxMail, lines: Line[], money: (cents: number) => string) {
    expect(lines.length).toBe(2);
    for (const line of lines) {
      expect(line.attributes).not.toBe('');
      expect(mail.text).toContain(`${line.quantity} × ${line.name} (${line.attributes}): ${money(line.total)}`);
      expect(shown(mail.html)).toContain(`${line.name} ${line.attributes} ${line.quantity} × ${money(line.unit_price)} ${money(line.total)}`);
      expect(line.image_url).toMatch(/^\/media\/.+\.svg$/);
      expect(mail.html).toContain(`<img src="https://shop.example${line.image_url}"`);
    }
  }

  it('confirms a guest’s order in German: lines, totals with VAT, both addresses, the note, the link, the withdrawal and the terms; typed markup stays text', async () => {
    const shipping = { ...ITALY, first_name: HOSTILE, address1: 'Via Solferino 10 "B"' };
    const billing = { ...ITALY, first_name: 'Greta', last_name: 'Weber & Söhne', company: '<b>Weber</b> GmbH', address1: 'Leopoldstraße 5', city: 'München', state: '', postcode: '80802', country: 'DE' };
    const { placed, mail, order } = await paidOrder({ lang: 'de', shipping, billing, note: '<script>alert(1)</script> Bitte beim Nachbarn abgeben' });
    const money = (cents: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

    expect(mail.subject).toBe(`Ihre Bestellung ${order.reference} ist bestätigt`);
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="de">/);
    // No script, no stylesheet, no handler in any tag: inline styles only.
    expect(mail.html).not.toMatch(/<script|<link|<style|<[^>]*\son\w+=/i);
    expectLines(mail, order.lines, money);
    for (const part of [mail.text, shown(mail.html)]) {
      expect(part).toMatch(new RegExp(`Zwischensumme:? ${money(order.items_total)}`));
      expect(part).toMatch(new RegExp(`Gesamt:? ${money(order.total)}`));
      expect(part).toMatch(new RegExp(`Enthaltene MwSt\\.:? ${money(order.tax)}`));
      expect(order.tax).toBeGreaterThan(0);
      expect(part).toContain('Standard');
      expect(part).toMatch(/Voraussichtliche Lieferung: \S+, \d+\. \S+ – \S+, \d+\. \S+/);
      // Both addresses, the billing one with its company and its country in German.
      expect(part).toContain('Lieferadresse');
      expect(part).toContain('Via Solferino 10 "B"');
      expect(part).toContain('20121 Milano MI');
      expect(part).toContain('Italien');
      expect(part).toContain('Rechnungsadresse');
      expect(part).toContain('Greta Weber & Söhne');
      expect(part).toContain('<b>Weber</b> GmbH');
      expect(part).toContain('Leopoldstraße 5');
      expect(part).toContain('80802 München');
      expect(part).toContain('Deutschland');
      expect(part).toContain('<script>alert(1)</script> Bitte beim Nachbarn abgeben');
      // The right of withdrawal, how to use it, the form naming the order, and the shop's terms of sale.
      expect(part).toContain('Ihr Widerrufsrecht');
      expect(part).toContain('Sie können diesen Kauf binnen 14 Tagen ohne Angabe von Gründen widerrufen.');
      // A guest's order page takes no returns: a guest withdraws by mail or by letter.
      expect(part).toContain('Antworten Sie auf diese E-Mail oder schreiben Sie an Atelier Moda Resi, Via Tortona 1, 20144 Milano.');
      expect(part).not.toContain('Bestellseite');
      expect(part).toContain('Muster-Widerrufsformular');
      expect(part).toContain(`Bestellung ${order.reference} vom ${new Intl.DateTimeFormat('de-DE', { dateStyle: 'long' }).format(new Date(order.date))}.`);
      expect(part).toContain('Allgemeine Geschäftsbedingungen');
      expect(part).toContain('Der Vertrag kommt mit dem Versand der Bestellbestätigung per E-Mail zustande.');
    }
    // A guest's button opens the order by its token; the terms link to their page in German.
    const link = `https://shop.example/de/checkout/success?order=${order.reference}&key=${placed.accessToken}`;
    expect(mail.text).toContain(`Bestellung ansehen:\n${link}\n`);
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    const [terms] = await selectRows<{ slug: string }>(shop().handle.db, sql`select t.slug from content_page_translations t join content_pages p on p.id = t.page_id where p.key = 'terms-and-conditions' and t.lang = 'de'`);
    expect(mail.html).toContain(`href="https://shop.example/de/${terms!.slug}"`);

    // What the shopper typed is in the text part as typed, and in the HTML only as text.
    expect(mail.text).toContain(`Hallo Greta,`);
    expect(mail.text).toContain(`${HOSTILE} Rossi`);
    expect(mail.html).toContain(`${HOSTILE_ESCAPED} Rossi`);
    expect(mail.html).not.toContain(HOSTILE);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;b&gt;Weber&lt;/b&gt; GmbH');
    expect(mail.html).toContain('Via Solferino 10 &quot;B&quot;');
    expect(mail.html).toContain('Greta Weber &amp; Söhne');
  });

  it('confirms a customer’s order to a collection point in Italian, with the account’s link; its shipping mail shows the parcel and where to collect it', async () => {
    const customer = await registerCustomer(shop().app);
    const { mail, order } = await paidOrder({ lang: 'it', pickup: true, customer: { token: customer.token, email: customer.email } });
    const money = (cents: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);

    expect(mail.subject).toBe(`Il tuo ordine ${order.reference} è confermato`);
    expectLines(mail, order.lines, money);
    const point = order.pickup_point!.name;
    for (const part of [mail.text, shown(mail.html)]) {
      expect(part).toMatch(new RegExp(`Totale:? ${money(order.total)}`));
      expect(part).toMatch(new RegExp(`Di cui IVA:? ${money(order.tax)}`));
      expect(part.replace(/\n/g, ' ')).toContain(`Punto di ritiro ${point}`);
      expect(part).not.toContain('Indirizzo di consegna');
      expect(part).toContain('Indirizzo di fatturazione');
      expect(part).toContain('Il tuo diritto di recesso');
      expect(part).toContain('Puoi recedere da questo acquisto entro 14 giorni senza indicarne il motivo.');
      expect(part).toContain('chiedi un reso dalla pagina del tuo ordine (il pulsante qui sopra), rispondi a questa email oppure scrivi all’indirizzo Atelier Moda Resi');
      expect(part).toContain('Modulo di recesso');
      expect(part).toContain('Condizioni di vendita');
      expect(part).not.toContain('Widerruf');
    }
    const link = `https://shop.example/it/my-account/orders?order=${order.reference}`;
    expect(mail.text).toContain(`Vedi il tuo ordine:\n${link}\n`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('Ciao Giulia,');

    const fulfilment = (await staffSession(shop(), 'fulfilment')).headers;
    expect((await adminCall(shop().app, 'startProcessing', { reference: order.reference }, fulfilment)).status).toBe(200);
    const shipped = await adminCall(shop().app, 'shipOrder', { reference: order.reference, carrier: 'BRT', tracking_number: 'BRT 77', lines: [{ line: 0, quantity: 1 }] }, fulfilment);
    expect(shipped.status).toBe(200);
    const notice = await mailTo(shop().app, customer.email, 3);
    const [first] = order.lines;
    expect(notice.subject).toBe(`Il tuo ordine ${order.reference} è stato spedito`);
    expect(notice.text).toContain(`In questo pacco\n---------------\n1 × ${first!.name} (${first!.attributes})\n`);
    expect(notice.text).not.toContain(order.lines[1]!.name);
    expect(shown(notice.html)).toContain(`${first!.name} ${first!.attributes} Quantità: 1`);
    expect(notice.html).toContain(`<img src="https://shop.example${first!.image_url}"`);
    for (const part of [notice.text, shown(notice.html)]) {
      expect(part).toMatch(/Consegna prevista: \S+ \d+ \S+ – \S+ \d+ \S+/);
      expect(part).toContain(point);
      expect(part).not.toContain('Indirizzo di fatturazione');
    }
    expect(notice.html).toContain(`href="${link}"`);
  });
});
