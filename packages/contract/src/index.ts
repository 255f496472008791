export * from './account.ts';
export * from './call.ts';
export * from './calls.ts';
export * from './catalog.ts';
export * from './envelope.ts';
export * from './constants.ts';
export * from './shop.ts';
export * from './password-policy.ts';
