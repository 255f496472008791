import { cpSync } from 'node:fs';
import { defineConfig } from 'vite';

// Builds the API into one ESM file for Node; npm dependencies stay external, the contract is bundled in.
export default defineConfig({
  build: {
    ssr: 'src/main.ts',
    outDir: 'dist',
    target: 'node20',
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: 'main.js' } },
  },
  ssr: { noExternal: ['@shop/contract'] },
  plugins: [
    {
      name: 'copy-migrations',
      // The migrator reads SQL files next to the bundle (see MIGRATIONS_DIR).
      closeBundle: () => cpSync('src/db/migrations', 'dist/migrations', { recursive: true }),
    },
    {
      name: 'copy-strength-worker',
      // The password strength worker is plain JavaScript, loaded by its address next to the bundle.
      closeBundle: () => cpSync('src/accounts/password-strength-worker.mjs', 'dist/password-strength-worker.mjs'),
    },
  ],
});
