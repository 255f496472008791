/** The search results page for a query, and the storefront route the suggestion box asks. */
export const searchPath = (lang: string, q: string) => `/${lang}/search?q=${encodeURIComponent(q)}`;
export const suggestionsPath = (lang: string, q: string) => `/${lang}/search/suggestions?q=${encodeURIComponent(q)}`;
