import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { firstLoad } from '../scripts/js-budget.mjs';

/** A client build as React Router writes it: a manifest and chunks that import each other. */
const client = mkdtempSync(join(tmpdir(), 'js-budget-'));
afterAll(() => rmSync(client, { recursive: true, force: true }));
const chunks: Record<string, string> = {
  'entry.client-a.js': 'import{a as e}from"./react-a.js";e();',
  'react-a.js': 'export const a=()=>1;'.repeat(50),
  'root-a.js': 'import"./shared-a.js";import{t}from"./i18n-a.js";const l=()=>import("./locale-fr-a.js");',
  'i18n-a.js': 'export const t=1;',
  'shared-a.js': 'export*from"./deep-a.js";',
  'deep-a.js': 'export const deep=2;',
  'locale-fr-a.js': 'export default {"a":"b"};'.repeat(100),
  'default-a.js': 'export default 1;',
  'product-a.js': 'import{x}from"./card-a.js";',
  'card-a.js': 'export const x=3;',
  'cart-a.js': 'export const onlyOnTheCartPage=4;',
};
mkdirSync(join(client, 'assets'));
for (const [name, code] of Object.entries(chunks)) writeFileSync(join(client, 'assets', name), code);
const route = (module: string, imports: string[] = []) => ({ module: `/assets/${module}`, imports: imports.map((name) => `/assets/${name}`) });
const manifest = {
  entry: route('entry.client-a.js', ['react-a.js']),
  routes: {
    root: route('root-a.js', ['i18n-a.js']),
    'layouts/default': route('default-a.js'),
    'routes/product': route('product-a.js'),
    'routes/cart': route('cart-a.js'),
  },
};
writeFileSync(join(client, 'assets', 'manifest-0123abcd.js'), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);

describe('first-load JavaScript budget (scripts/js-budget.mjs)', () => {
  it('counts the entry and the routes with their static imports, not what loads later', () => {
    const { scripts, gzip } = firstLoad(['root', 'layouts/default', 'routes/product'], client);
    const names = [...scripts.keys()].map((url: string) => url.replace('/assets/', '')).sort();
    expect(names).toEqual(['card-a.js', 'deep-a.js', 'default-a.js', 'entry.client-a.js', 'i18n-a.js', 'product-a.js', 'react-a.js', 'root-a.js', 'shared-a.js']);
    const expected = names.reduce((sum: number, name: string) => sum + gzipSync(chunks[name]!).length, 0);
    expect(gzip).toBe(expected);
  });

  it('fails loudly on a route the manifest does not have', () => {
    expect(() => firstLoad(['routes/nope'], client)).toThrow(/routes\/nope/);
  });
});
