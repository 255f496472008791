// Deliberately matches control characters: none may reach a Location header, raw or once decoded.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const MAX_TARGET_LENGTH = 2_000;

/**
 * The one function that decides where a redirect goes when its target comes from input: a query's or a form's
 * `redirectTo`, a Referer, the request's own path. The target is resolved against the shop's origin as a browser
 * resolves it (WHATWG URL: dots and encoded dots, backslashes, tabs and newlines are normalised first), and only a
 * path of this shop is kept, with its query and hash; anything else gives `fallback`. The kept path starts with a
 * single `/` also once decoded (`//host` and `/\host` are another site to a browser), and holds no control
 * character, raw or encoded (a broken Location header).
 */
export function safeRedirect(request: Request, target: FormDataEntryValue | null, fallback: string): string {
  if (typeof target !== 'string' || target === '' || target.length > MAX_TARGET_LENGTH) return fallback;
  // The URL parser would drop tabs and newlines and keep the rest: a target holding any is not a link of the shop.
  if (CONTROL_CHARACTERS.test(target)) return fallback;
  // The request's origin is the one server.js resolved: an allowed host, forwarded parts only from a trusted proxy.
  const origin = new URL(request.url).origin;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return readsAsPath(path) ? path : fallback;
}

/** Whether `path` stays a path of this shop however many times a browser, proxy or router decodes it. */
function readsAsPath(path: string): boolean {
  let text = path;
  for (;;) {
    if (!text.startsWith('/') || text[1] === '/' || text[1] === '\\' || CONTROL_CHARACTERS.test(text)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return false;
    }
    // Each decoding that changes the text shortens it: the loop ends.
    if (decoded === text) return true;
    text = decoded;
  }
}
