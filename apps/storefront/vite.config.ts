import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';

/** The modules every page starts from: the browser entry, the root route and the shop's default layout. */
const SHELL_ROOTS = [/[\\/]app[\\/]entry\.client\.tsx$/, /[\\/]app[\\/]root\.tsx$/, /[\\/]app[\\/]layouts[\\/]default\.tsx$/];

/** Whether `id` is imported, statically and through any chain of static imports, by one of the shell's roots. */
function inShell(id: string, context: ChunkingContext, seen = new Set<string>()): boolean {
  if (SHELL_ROOTS.some((root) => root.test(id))) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return Boolean(context.getModuleInfo(id)?.importers.some((importer) => inShell(importer, context, seen)));
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // `~/…` is the app folder (tsconfig.json's paths): a module outside its own folder is named from there.
  resolve: { tsconfigPaths: true },
  // The contract is TypeScript source shared with the API: bundle it rather than load it from node_modules.
  ssr: { noExternal: ['@shop/contract'] },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            // Fewer, larger scripts for the first load (docs/performance.md): each request costs a round trip
            // on a phone's network, and the browser opens six at a time.
            codeSplitting: {
              groups: [
                // React, React Router and i18next: loaded by every page, and one file gzips smaller than four.
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                // Our code every page runs (root, layout, header, error screens, hooks): one chunk, not twenty.
                // Route modules stay files of their own (React Router loads them by name); lazily loaded parts
                // (footer, mini cart, consent dialog) stay out, as nothing imports them statically.
                {
                  name: (id, context) => (!/node_modules/.test(id) && !context.getModuleInfo(id)?.isEntry && inShell(id, context) ? 'shell' : null),
                  priority: 1,
                },
                // The small parts the catalogue's routes share (a card, its price, badges and stars, breadcrumbs, the
                // product page's delivery dates): one file instead of eight. Named one by one: a group by folder or by
                // what routes import took the whole catalogue feature (49.5 KB) into every page (docs/performance.md).
                {
                  name: (id) => (/[\\/]app[\\/]features[\\/](catalog[\\/](Badges|seo|Price|Breadcrumbs|listing-query|ProductGridSkeleton|ProductCard)|geo[\\/]DeliveryDates|reviews[\\/]Stars)\.tsx?$/.test(id) ? 'catalogue' : null),
                  priority: 0,
                },
              ],
            },
          },
        },
      },
    },
  },
  server: { port: Number(process.env.PORT ?? 3000) },
});
