import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The contract is TypeScript source shared with the API: bundle it rather than load it from node_modules.
  ssr: { noExternal: ['@shop/contract'] },
  server: { port: Number(process.env.BACK_OFFICE_PORT ?? 3001) },
});
