/**
 * The first script of every page of the storefront and the back office (their root.tsx): zod's settings, before any
 * zod module runs. The pages' Content-Security-Policy has no 'unsafe-eval'. Zod compiles an object schema's parser
 * with `new Function` when it may, and even its check of whether it may is an eval the browser refuses and reports
 * as a CSP violation (Lighthouse's best practices: 96 on the category page). Zod 4 reads its settings from this
 * global (core.js, shared by every copy of zod on the page; `config()` writes it), so the page loads no zod for it.
 * The servers keep the compiled parsers.
 */
export const ZOD_SETTINGS_SCRIPT = 'globalThis.__zod_globalConfig={jitless:true}';
