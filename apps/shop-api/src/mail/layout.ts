import { intlLocale, isLang, type TextLang } from '@shop/contract';

type MailAction = { label: string; url: string };

/** The parts of a simple shop mail: a greeting, paragraphs, one button (and maybe a second link), and small print. */
export type MailContent = {
  lang: TextLang;
  greeting: string;
  paragraphs: string[];
  action: MailAction;
  otherAction?: MailAction;
  smallPrint: string[];
};

export const SHOP_NAME = 'Atelier Moda';

/** A storefront address for a mail in `lang`; Polish has texts but no storefront routes, so its links open English screens. */
export function storefrontLink(storefrontUrl: string, lang: TextLang, path: string): string {
  return `${storefrontUrl}/${isLang(lang) ? lang : 'en'}${path}`;
}

/** Where an order mail's button leads: a guest's order page by the order's token, a customer's account. */
export function orderMailLink(storefrontUrl: string, lang: TextLang, reference: string, token: string | null): string {
  const path = token
    ? `/checkout/success?order=${encodeURIComponent(reference)}&key=${encodeURIComponent(token)}`
    : `/my-account/orders?order=${encodeURIComponent(reference)}`;
  return storefrontLink(storefrontUrl, lang, path);
}

/** Money and dates in a mail, as the shop's pages write them in the shopper's language. */
export const mailLocale = (lang: TextLang) => intlLocale(lang);
export function mailMoney(lang: TextLang, currency: string): (cents: number) => string {
  const format = new Intl.NumberFormat(mailLocale(lang), { style: 'currency', currency });
  return (cents) => format.format(cents / 100);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export function mailText({ greeting, paragraphs, action, otherAction, smallPrint }: MailContent): string {
  const actions = [action, ...(otherAction ? [otherAction] : [])].map(({ label, url }) => `${label}:\n${url}`);
  return [greeting, ...paragraphs, ...actions, ...smallPrint, SHOP_NAME].join('\n\n') + '\n';
}

/** Table layout and inline styles: what mail programs render reliably. */
export function mailHtml({ lang, greeting, paragraphs, action, otherAction, smallPrint }: MailContent, title: string): string {
  const paragraph = (text: string, style = '') => `<p style="margin:0 0 16px;white-space:pre-line;${style}">${escapeHtml(text)}</p>`;
  const url = escapeHtml(action.url);
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f1ec;font-family:Helvetica,Arial,sans-serif;color:#1c1c1c;line-height:1.5">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-collapse:collapse"><tr><td style="padding:32px">
<p style="margin:0 0 24px;font-size:20px;letter-spacing:2px;text-transform:uppercase">${SHOP_NAME}</p>
${paragraph(greeting)}
${paragraphs.map((text) => paragraph(text)).join('\n')}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 24px;background:#1c1c1c;color:#ffffff;text-decoration:none">${escapeHtml(action.label)}</a></p>
${paragraph(action.url, 'font-size:13px;word-break:break-all;color:#555555')}
${otherAction ? `<p style="margin:0 0 16px"><a href="${escapeHtml(otherAction.url)}" style="color:#1c1c1c">${escapeHtml(otherAction.label)}</a></p>` : ''}
${smallPrint.map((text) => paragraph(text, 'font-size:13px;color:#555555')).join('\n')}
</td></tr></table>
</body>
</html>
`;
}
