/** The search results page for a query, and the storefront route the suggestion box asks. */
export const searchPath = (lang: string, q: string) => `/${lang}/search?q=${encodeURIComponent(q)}`;
/** The results of the query exactly as typed, when the shop showed those of its corrected spelling. */
export const exactSearchPath = (lang: string, q: string) => `${searchPath(lang, q)}&exact=1`;
export const suggestionsPath = (lang: string, q: string) => `/${lang}/search/suggestions?q=${encodeURIComponent(q)}`;
