import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The contract is TypeScript source shared with the API: bundle it rather than load it from node_modules.
  ssr: { noExternal: ['@shop/contract'] },
  // React, React Router and i18next in one chunk: loaded by every page anyway, and one file gzips smaller than
  // four (docs/performance.md).
  build: {
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  server: { port: Number(process.env.PORT ?? 3000) },
});
