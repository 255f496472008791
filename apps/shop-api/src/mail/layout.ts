import { intlLocale, isLang, type ContentBlock, type ContentInline, type TextLang } from '@shop/contract';

export type MailAction = { label: string; url: string };

/** A line of an order in a mail: its picture, what it is (size and colour), how many, and what it costs. */
export type MailItem = {
  name: string;
  attributes: string;
  quantity: number;
  /** How many, as the HTML writes it under the name ('2 × 29,95 €', 'Quantity: 2'). */
  count: string;
  /** The line's price; null where the mail gives none (a parcel). */
  total: string | null;
  /** What the shopper must know about this line (a pre-order's date). */
  note: string | null;
  /** An absolute address (mail programs have no page to resolve a path against). */
  imageUrl: string | null;
};

/** What a mail can show after its button, each as well in its HTML as in its text. */
export type MailBlock =
  | { kind: 'items'; title: string; items: MailItem[] }
  /** Label and value rows, as totals are read: `strong` for the total, `small` for what it includes. */
  | { kind: 'figures'; rows: { label: string; value: string; look?: 'strong' | 'small' }[] }
  /** Addresses side by side (one under the other on a phone). */
  | { kind: 'addresses'; addresses: { title: string; lines: string[] }[] }
  /** A titled text; `boxed` sets it apart (a form to fill in). */
  | { kind: 'section'; title: string; paragraphs: string[]; boxed?: boolean }
  /** A page of the shop (its Markdown's blocks, their links absolute), with the link that opens it. */
  | { kind: 'page'; title: string; intro: string; blocks: ContentBlock[]; link: MailAction };

/**
 * The parts of a shop mail: a greeting, paragraphs, one button (and maybe a second link), what follows it, and small
 * print. One content makes both parts of the mail (`mailText`, `mailHtml`), so they always say the same.
 */
export type MailContent = {
  lang: TextLang;
  greeting: string;
  paragraphs: string[];
  action: MailAction;
  otherAction?: MailAction;
  details?: MailBlock[];
  smallPrint: string[];
};

export const SHOP_NAME = 'Atelier Moda';

/** A storefront address for a mail in `lang`; Polish has texts but no storefront routes, so its links open English screens. */
export function storefrontLink(storefrontUrl: string, lang: TextLang, path: string): string {
  return `${storefrontUrl}/${isLang(lang) ? lang : 'en'}${path}`;
}

/** A storefront path (a picture's `/media/…`) as an absolute address; an address that is one already stays as it is. */
export const storefrontAddress = (storefrontUrl: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${storefrontUrl}${path.startsWith('/') ? '' : '/'}${path}`);

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

/** Every value put into a mail's HTML goes through here: names, addresses and notes are what shoppers typed. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const inlineText = (runs: ContentInline[]) => runs.map((run) => (run.href ? `${run.text} (${run.href})` : run.text)).join('');

function pageText(blocks: ContentBlock[]): string[] {
  return blocks.map((block) =>
    block.type === 'list' ? block.items.map((item, index) => `${block.ordered ? `${index + 1}.` : '-'} ${inlineText(item)}`).join('\n') : inlineText(block.inline),
  );
}

const heading = (title: string) => `${title}\n${'-'.repeat(title.length)}`;

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'items':
      return [
        heading(block.title),
        ...block.items.map(
          ({ name, attributes, quantity, total, note }) => `${quantity} × ${name}${attributes ? ` (${attributes})` : ''}${total ? `: ${total}` : ''}${note ? `\n   ${note}` : ''}`,
        ),
      ].join('\n');
    case 'figures':
      return block.rows.map(({ label, value }) => `${label}: ${value}`).join('\n');
    case 'addresses':
      return block.addresses.map(({ title, lines }) => [title, ...lines].join('\n')).join('\n\n');
    case 'section':
      return [heading(block.title), ...block.paragraphs].join('\n\n');
    case 'page':
      return [heading(block.title), block.intro, ...pageText(block.blocks), `${block.link.label}:\n${block.link.url}`].join('\n\n');
  }
}

/** The plain-text part. */
export function mailText({ greeting, paragraphs, action, otherAction, details = [], smallPrint }: MailContent): string {
  const actions = [action, ...(otherAction ? [otherAction] : [])].map(({ label, url }) => `${label}:\n${url}`);
  return [greeting, ...paragraphs, ...actions, ...details.map(blockText), ...smallPrint, SHOP_NAME].join('\n\n') + '\n';
}

const INK = '#1c1c1c';
const MUTED = '#555555';
const RULE = '#e4dfd7';

const paragraph = (text: string, style = '') => `<p style="margin:0 0 16px;white-space:pre-line;${style}">${escapeHtml(text)}</p>`;
const sectionHeading = (title: string, top = 32) => `<h2 style="margin:${top}px 0 12px;font-size:16px;line-height:1.3;font-weight:bold;color:${INK}">${escapeHtml(title)}</h2>`;
const link = ({ label, url }: MailAction) => `<a href="${escapeHtml(url)}" style="color:${INK}">${escapeHtml(label)}</a>`;

function inlineHtml(runs: ContentInline[]): string {
  return runs
    .map((run) => {
      let html = escapeHtml(run.text).replace(/\n/g, '<br>');
      if (run.strong) html = `<strong>${html}</strong>`;
      if (run.em) html = `<em>${html}</em>`;
      return run.href ? `<a href="${escapeHtml(run.href)}" style="color:${INK}">${html}</a>` : html;
    })
    .join('');
}

function pageHtml(blocks: ContentBlock[]): string {
  const small = `font-size:13px;line-height:1.5;color:${MUTED}`;
  return blocks
    .map((block) => {
      if (block.type === 'heading') return `<h3 style="margin:16px 0 8px;font-size:14px;color:${INK}">${inlineHtml(block.inline)}</h3>`;
      if (block.type === 'paragraph') return `<p style="margin:0 0 12px;${small}">${inlineHtml(block.inline)}</p>`;
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag} style="margin:0 0 12px;padding-left:20px;${small}">${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</${tag}>`;
    })
    .join('\n');
}

function itemHtml({ name, attributes, count, total, note, imageUrl }: MailItem): string {
  const picture = imageUrl
    ? `<img src="${escapeHtml(imageUrl)}" alt="" width="64" height="80" style="display:block;width:64px;height:80px;border:0;background:#f4f1ec;object-fit:cover">`
    : '';
  const details = [
    `<strong style="color:${INK}">${escapeHtml(name)}</strong>`,
    ...(attributes ? [`<span style="color:${MUTED}">${escapeHtml(attributes)}</span>`] : []),
    `<span style="color:${MUTED}">${escapeHtml(count)}</span>`,
    ...(note ? [`<span style="color:#8a4b00">${escapeHtml(note)}</span>`] : []),
  ].join('<br>');
  return `<tr>
<td width="64" valign="top" style="padding:12px 0;border-bottom:1px solid ${RULE};width:64px">${picture}</td>
<td valign="top" style="padding:12px 12px;border-bottom:1px solid ${RULE};font-size:14px;line-height:1.5">${details}</td>
<td valign="top" align="right" style="padding:12px 0;border-bottom:1px solid ${RULE};font-size:14px;white-space:nowrap">${total ? escapeHtml(total) : ''}</td>
</tr>`;
}

const FIGURE_LOOKS = { strong: `font-weight:bold;font-size:16px;color:${INK}`, small: `font-size:13px;color:${MUTED}` } as const;

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'items':
      return `${sectionHeading(block.title)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;border-top:1px solid ${RULE}">
${block.items.map(itemHtml).join('\n')}
</table>`;
    case 'figures':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin-top:12px">
${block.rows
  .map(({ label, value, look }) => {
    const style = look ? FIGURE_LOOKS[look] : 'font-size:14px';
    return `<tr><td style="padding:4px 0;${style}">${escapeHtml(label)}</td><td align="right" style="padding:4px 0;white-space:nowrap;${style}">${escapeHtml(value)}</td></tr>`;
  })
  .join('\n')}
</table>`;
    case 'addresses':
      // Columns that sit side by side where there is room and one under the other on a phone, without a media query.
      return `<div style="margin-top:24px;font-size:0">
${block.addresses
  .map(
    ({ title, lines }) => `<div style="display:inline-block;vertical-align:top;width:100%;max-width:248px;margin:0 0 16px;font-size:14px;line-height:1.5">
<h2 style="margin:0 0 4px;font-size:14px;font-weight:bold;color:${INK}">${escapeHtml(title)}</h2>
<p style="margin:0;color:${MUTED}">${lines.map(escapeHtml).join('<br>')}</p>
</div>`,
  )
  .join('\n')}
</div>`;
    case 'section': {
      const body = `${sectionHeading(block.title, block.boxed ? 16 : 32)}\n${block.paragraphs.map((text) => paragraph(text, `font-size:14px;color:${block.boxed ? INK : MUTED}`)).join('\n')}`;
      return block.boxed ? `<div style="margin-top:32px;padding:0 16px;border:1px dashed #9a9389">${body}</div>` : body;
    }
    case 'page':
      return `${sectionHeading(block.title)}
${paragraph(block.intro, `font-size:14px;color:${MUTED}`)}
${pageHtml(block.blocks)}
<p style="margin:0 0 16px;font-size:13px">${link(block.link)}</p>`;
  }
}

/**
 * The HTML part: tables and inline styles, no stylesheet, no script, no web font, since that is what mail programs
 * render reliably; 600 pixels at most, the whole width of a phone below that.
 */
export function mailHtml({ lang, greeting, paragraphs, action, otherAction, details = [], smallPrint }: MailContent, title: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><meta name="x-apple-disable-message-reformatting"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ec;font-family:Helvetica,Arial,sans-serif;color:${INK};line-height:1.5;font-size:15px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;background:#f4f1ec"><tr><td style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border-collapse:collapse"><tr><td style="padding:32px 24px">
<p style="margin:0 0 24px;font-size:20px;letter-spacing:2px;text-transform:uppercase">${SHOP_NAME}</p>
${paragraph(greeting)}
${paragraphs.map((text) => paragraph(text)).join('\n')}
<p style="margin:24px 0 8px"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 24px;background:${INK};color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
${paragraph(action.url, `font-size:12px;word-break:break-all;color:${MUTED}`)}
${otherAction ? `<p style="margin:0 0 16px">${link(otherAction)}</p>` : ''}
${details.map(blockHtml).join('\n')}
<div style="margin-top:32px;border-top:1px solid ${RULE};padding-top:16px">
${smallPrint.map((text) => paragraph(text, `font-size:13px;color:${MUTED}`)).join('\n')}
</div>
</td></tr></table>
</td></tr></table>
</body>
</html>
`;
}
