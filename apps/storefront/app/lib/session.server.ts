/** The storefront's first-party cookie that carries the shop API session id (DESIGN.md §2). */
export const SESSION_COOKIE = 'sid';
