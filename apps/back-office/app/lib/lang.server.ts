import { isLang, type Lang } from '../i18n/texts';

/** The staff member's language: the browser's first back-office language, else English. */
export function langOf(request: Request): Lang {
  for (const part of (request.headers.get('accept-language') ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLang(code)) return code;
  }
  return 'en';
}
