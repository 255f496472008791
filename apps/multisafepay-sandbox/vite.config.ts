import { defineConfig } from 'vite';

// Builds the sandbox into one ESM file for Node, as the shop API is built; npm dependencies stay external, the sandbox kit is bundled in.
export default defineConfig({
  build: {
    ssr: 'src/main.ts',
    outDir: 'dist',
    target: 'node20',
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: 'main.js' } },
  },
  ssr: { noExternal: ['@shop/sandbox-kit'] },
});
