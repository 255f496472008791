import globals from 'globals';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/dist/**', '**/.react-router/**', '**/test-results/**', '**/playwright-report/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Test helpers read JSON envelopes whose shape each test asserts.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['apps/storefront/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-i18next', importNames: ['useTranslation'], message: "Use the shop's useTranslation (app/i18n/use-translation.ts): react-i18next's copies the i18next instance for every component." }],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'apps/*/*.js', 'packages/web-server/*.js', 'apps/*/scripts/**/*.mjs', 'apps/shop-api/src/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  // dependency-cruiser reads its configuration as CommonJS.
  { files: ['.dependency-cruiser.cjs'], languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } } },
  // The storefront's service worker runs in the browser, in a worker's scope.
  { files: ['apps/storefront/public/sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
);
