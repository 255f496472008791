/** What the storefront's account forms need in the browser: the account schemas and the password policy, without the catalogue's. */
export * from './account.ts';
export * from './password-policy.ts';
export * from './returns.ts';
