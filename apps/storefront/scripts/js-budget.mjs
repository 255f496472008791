// First-load JavaScript budget of the product page (docs/performance.md), run by `npm run build` after the
// build: the gzip size of every script the product page loads before it is interactive — the client entry, the
// root, the default layout and the product route, each with its static imports, from React Router's manifest —
// and a failure when it exceeds the budget. Dynamic imports (a language's texts loaded on a switch) are not
// counted: the first load does not ask for them.
// Usage: node scripts/js-budget.mjs [--list]   (--list: every script with its size, largest first)
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';

/** KB of gzip (zlib's default level, as the storefront's compression sends it) the page may load first. */
export const BUDGET_KB = 137;
/** The routes whose modules a product page loads, from the document down. */
export const PRODUCT_PAGE_ROUTES = ['root', 'layouts/default', 'routes/product'];

const here = dirname(fileURLToPath(import.meta.url));
const client = join(here, '..', 'build', 'client');

/** React Router's browser manifest (`window.__reactRouterManifest = …` in assets/manifest-*.js). */
export function readManifest(clientDir = client) {
  const file = readdirSync(join(clientDir, 'assets')).find((name) => /^manifest-[0-9a-f]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${clientDir}/assets: run npm run build -w apps/storefront first`);
  const sandbox = { window: {} };
  runInNewContext(readFileSync(join(clientDir, 'assets', file), 'utf8'), sandbox);
  return sandbox.window.__reactRouterManifest;
}

/** A chunk's static imports (`import … from "./x.js"`, `import "./x.js"`), not its dynamic `import("./x.js")`. */
function staticImports(code) {
  const found = [];
  for (const [, path] of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g)) found.push(path);
  for (const [, path] of code.matchAll(/(?:^|[;}\s])export\s*(?:\*|\{[^}]*\})\s*from\s*["'](\.\/[^"']+\.js)["']/g)) found.push(path);
  return found;
}

/** Every script the given routes load first, with its size: the manifest's lists, closed over static imports. */
export function firstLoad(routeIds = PRODUCT_PAGE_ROUTES, clientDir = client) {
  const manifest = readManifest(clientDir);
  const pending = [manifest.entry.module, ...manifest.entry.imports];
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Route ${id} is not in the manifest`);
    pending.push(route.module, ...(route.imports ?? []));
  }
  const scripts = new Map();
  while (pending.length > 0) {
    const url = pending.pop();
    if (scripts.has(url)) continue;
    const code = readFileSync(join(clientDir, url));
    scripts.set(url, { bytes: code.length, gzip: gzipSync(code).length });
    const folder = url.slice(0, url.lastIndexOf('/') + 1);
    for (const path of staticImports(code.toString('utf8'))) pending.push(`${folder}${path.slice(2)}`);
  }
  const gzip = [...scripts.values()].reduce((sum, script) => sum + script.gzip, 0);
  return { scripts, gzip };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { scripts, gzip } = firstLoad();
  const kb = gzip / 1024;
  if (process.argv.includes('--list')) {
    const rows = [...scripts.entries()].sort((a, b) => b[1].gzip - a[1].gzip);
    for (const [url, { bytes, gzip: zipped }] of rows) console.log(`${(zipped / 1024).toFixed(1).padStart(7)} KB gzip ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${url}`);
  }
  const verdict = `Product page first-load JS: ${kb.toFixed(1)} KB gzip in ${scripts.size} scripts (budget ${BUDGET_KB} KB)`;
  if (kb > BUDGET_KB) {
    console.error(`${verdict}: over budget. See docs/performance.md.`);
    process.exit(1);
  }
  console.log(verdict);
}
