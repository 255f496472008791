import type { FastifyReply } from 'fastify';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] as string);
}

/** A sandbox page: plain HTML, no script, one style sheet; `banner`: HTML above the main part. */
export function pageDocument(input: { locale: string; title: string; stylesheet: string; body: string; banner?: string }): string {
  return `<!doctype html>
<html lang="${input.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)}</title>
<link rel="stylesheet" href="${input.stylesheet}">
</head>
<body>
${input.banner === undefined ? '' : `${input.banner}\n`}<main>
${input.body}
</main>
</body>
</html>
`;
}

/**
 * A page's answer headers: HTML, and a content security policy allowing only the page's own style sheet and
 * forms posted to itself — or answered by a redirect to the shop: form-action allows the origins of returnUrls.
 */
export function pageHeaders(reply: FastifyReply, returnUrls: string[] = []): FastifyReply {
  const origins = [...new Set(returnUrls.map((url) => new URL(url).origin))];
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'${origins.map((origin) => ` ${origin}`).join('')}; frame-ancestors 'none'; base-uri 'none'`)
    .header('x-frame-options', 'DENY')
    .header('cross-origin-opener-policy', 'same-origin');
}
