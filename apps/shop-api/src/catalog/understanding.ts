import type { Lang, QueryFilter } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import { selectRows } from '../db/raw.ts';
import { HOME_CATEGORY_ID, keptCategoryTree } from './categories.ts';
import { facetData } from './facet-data.ts';
import { configLiteral, queryWords } from './search-sql.ts';
import vocabularyFile from './vocabulary.json' with { type: 'json' };

/**
 * What the shop's words mean, per language (vocabulary.json, which the merchant extends): other forms of the
 * catalogue's colour names and category names, and synonyms, words that find the same products.
 */
type VocabularyFile = { colours: Record<string, string[]>; categories: Record<string, string[]>; synonyms: string[][] };
const VOCABULARY = vocabularyFile as Record<Lang, VocabularyFile>;

/**
 * What a phrase of the vocabulary means: a colour; a brand; categories, named whole (`whole`: 'Shoes', 'Tops & shirts',
 * a form the file gives) or in part ('shirts' of 'Tops & shirts'); or a group of synonyms.
 */
type Meaning =
  | { kind: 'colour'; id: number; name: string; hex: string | null }
  | { kind: 'brand'; id: number; name: string }
  | { kind: 'category'; id: number; whole: boolean }
  | { kind: 'synonyms'; phrases: string[] };

/**
 * Phrases by their words' stems in the language, or by their words as such for brands (proper names: 'Vellano'
 * and 'velluto' have one stem), with what they mean; `longest`: words of the longest phrase. `spelled`: every
 * phrase as written (lowercase, unaccented), for suggestions while the shopper is still typing it.
 */
type Vocabulary = { meanings: Map<string, Meaning[]>; longest: number; spelled: { phrase: string; meaning: Meaning }[] };

/** Lowercase and without accents, as the configurations' unaccent compares: 'Vêtements' → 'vetements'. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Names of several categories in one: 'Tops & shirts', 'Giacche e cappotti', 'Tops y camisas', 'Jacken & Mäntel'. */
const NAME_PARTS = /\s*[&,/+]\s*|\s+(?:and|et|e|y|und)\s+/i;

/**
 * The stems of `words` in the language (its text-search configuration: unaccented, singular and plural alike:
 * 'rossa', 'rosse' → 'ross'); a word the configuration drops ('t' of 't-shirt') stands for itself.
 */
async function stems(context: CallContext, words: string[]): Promise<Map<string, string>> {
  if (words.length === 0) return new Map();
  const rows = await selectRows<{ word: string; stem: string }>(
    context.db,
    sql`select w.word, coalesce((select min(lexeme) from unnest(to_tsvector(${configLiteral(context.lang)}, w.word))), w.word) as stem
      from unnest(array[${sql.join(words.map((word) => sql`${word}`), sql`, `)}]::text[]) as w(word)`,
  );
  return new Map(rows.map((row) => [row.word, row.stem]));
}

async function readVocabulary(context: CallContext, revision: string): Promise<Vocabulary> {
  const file = VOCABULARY[context.lang];
  const [facets, tree] = await Promise.all([facetData(context, revision, []), keptCategoryTree(context, revision)]);
  const entries: [string, Meaning][] = [];
  for (const colour of facets.attributes.filter((attribute) => attribute.kind === 'color')) {
    const meaning: Meaning = { kind: 'colour', id: colour.id, name: colour.label, hex: colour.hex };
    const forms = Object.entries(file.colours).find(([name]) => name.toLowerCase() === colour.label.toLowerCase())?.[1] ?? [];
    for (const phrase of [colour.label, ...forms]) entries.push([phrase, meaning]);
  }
  const walk = (nodes: ReturnType<typeof tree.menu>) => {
    for (const node of nodes) {
      const forms = Object.entries(file.categories).find(([name]) => name.toLowerCase() === node.name.toLowerCase())?.[1] ?? [];
      for (const phrase of [node.name, ...forms]) entries.push([phrase, { kind: 'category', id: node.id, whole: true }]);
      const parts = node.name.split(NAME_PARTS);
      if (parts.length > 1) for (const part of parts) entries.push([part, { kind: 'category', id: node.id, whole: false }]);
      walk(node.children);
    }
  };
  walk(tree.menu());
  const brands = facets.brands.map((brand): [string, Meaning] => [brand.label, { kind: 'brand', id: brand.id, name: brand.label }]);
  for (const group of file.synonyms) for (const phrase of group) entries.push([phrase, { kind: 'synonyms', phrases: group }]);

  const stemOf = await stems(context, [...new Set(entries.flatMap(([phrase]) => queryWords(phrase, 20)))]);
  const meanings = new Map<string, Meaning[]>();
  const spelled: Vocabulary['spelled'] = [];
  let longest = 1;
  for (const [phrase, meaning] of [...entries, ...brands]) {
    const words = queryWords(phrase, 20);
    if (words.length === 0) continue;
    const key = meaning.kind === 'brand' ? asWords(words) : words.map((word) => stemOf.get(word) ?? word).join(' ');
    longest = Math.max(longest, words.length);
    meanings.set(key, [...(meanings.get(key) ?? []), meaning]);
    spelled.push({ phrase: plain(words.join(' ')), meaning });
  }
  return { meanings, longest, spelled };
}

/** The key of a phrase by its words as such (brands'): never a key of stems, which have no '='. */
const asWords = (words: string[]) => `=${words.join(' ')}`;

/** The vocabulary in the request's language, kept per catalogue revision (colour and category names raise it). */
function keptVocabulary(context: CallContext, revision: string): Promise<Vocabulary> {
  const key = JSON.stringify(['vocabulary', context.lang]);
  return context.catalogCache.answer(revision, key, async () => ({ value: await readVocabulary(context, revision), validUntil: Infinity }));
}

/**
 * A query as the shop reads it. `text`: the tsquery (as text) its other words are searched with, synonyms
 * included, '' when no word is left to search; `categoryIds`: the categories its words named (any of them);
 * `colorIds`, `brandIds`: the colours and brands (any of them); `filters`: all of them, as the shopper may remove
 * them; `known`: the words the vocabulary knows, which are never corrected.
 */
export type Understood = { text: string; categoryIds: number[]; colorIds: number[]; brandIds: number[]; filters: QueryFilter[]; known: string[] };

/** Websearch syntax ("a phrase", -exclusion, OR): the shopper means the words as typed. */
const OPERATORS = /"|(^|\s)-\S|\sor\s/i;

/** A tsquery built by SQL, as text ('' when it has no lexeme). */
async function tsqueryText(context: CallContext, query: ReturnType<typeof sql>): Promise<string> {
  const [row] = await selectRows<{ text: string }>(context.db, sql`select (${query})::text as text`);
  return row?.text ?? '';
}

/**
 * Reads `q`: phrases naming a colour or a category (whole: 'shoes', 'donna', 'Damen') become filters; the rest is
 * text, each phrase with its synonyms. Categories named together combine ('scarpe donna': Women › Shoes, the
 * category under the other); within `withinId` only (a search in a category). When they cannot combine ('shirt
 * dress'), only the top categories (genders) stay filters and the other words are text.
 */
async function understand(context: CallContext, revision: string, q: string, withinId: number | undefined): Promise<Understood> {
  const words = queryWords(q);
  if (OPERATORS.test(q) || words.length === 0) {
    return { text: await tsqueryText(context, sql`websearch_to_tsquery(${configLiteral(context.lang)}, ${q})`), categoryIds: [], colorIds: [], brandIds: [], filters: [], known: [] };
  }
  const [vocabulary, tree, stemOf] = await Promise.all([keptVocabulary(context, revision), keptCategoryTree(context, revision), stems(context, words)]);
  const wordStems = words.map((word) => stemOf.get(word) ?? word);
  // Longest phrases first: 'navy blue' is Navy, not Navy and Blue; 'scarpe da ginnastica' sneakers, not shoes.
  const meaningsAt = (start: number, length: number) => [
    ...(vocabulary.meanings.get(wordStems.slice(start, start + length).join(' ')) ?? []),
    ...(vocabulary.meanings.get(asWords(words.slice(start, start + length))) ?? []),
  ];
  const phrases: { words: string[]; meanings: Meaning[] }[] = [];
  for (let start = 0; start < words.length; ) {
    let length = Math.min(vocabulary.longest, words.length - start);
    while (length > 1 && meaningsAt(start, length).length === 0) length--;
    phrases.push({ words: words.slice(start, start + length), meanings: meaningsAt(start, length) });
    start += length;
  }

  const ancestors = (id: number) => tree.breadcrumbs(id).map((row) => row.id);
  const within = (id: number) => withinId === undefined || ancestors(id).includes(withinId);
  // A phrase names categories when every category it names, it names whole ('shirt' is men's Shirts but only a
  // part of women's Tops & shirts: it is searched as text); the ones outside the searched category do not count.
  const named = phrases.map((phrase) => {
    const categories = phrase.meanings.flatMap((meaning) => (meaning.kind === 'category' ? [meaning] : []));
    const ids = categories.filter((category) => category.whole && within(category.id)).map((category) => category.id);
    return categories.length > 0 && categories.every((category) => category.whole || !within(category.id)) && ids.length > 0 ? ids : null;
  });
  const combine = (sets: number[][]) => {
    const candidates = [...new Set([...sets.flat(), ...(withinId === undefined ? [] : [withinId])])].filter(
      (id) => within(id) && sets.every((set) => ancestors(id).some((ancestor) => set.includes(ancestor))),
    );
    // The deepest: 'scarpe donna' is Women › Shoes, not Women.
    return candidates.filter((id) => !candidates.some((other) => other !== id && ancestors(other).includes(id)));
  };
  const isTop = (ids: number[]) => ids.every((id) => tree.get(id)?.parentId === HOME_CATEGORY_ID);
  let filtering = named.map((ids) => ids !== null);
  let categoryIds = combine(named.filter((ids): ids is number[] => ids !== null));
  if (categoryIds.length === 0 && filtering.some(Boolean)) {
    filtering = named.map((ids) => ids !== null && isTop(ids));
    categoryIds = combine(named.filter((ids): ids is number[] => ids !== null && isTop(ids)));
    if (categoryIds.length === 0) filtering = named.map(() => false);
  }
  if (withinId !== undefined && categoryIds.length === 1 && categoryIds[0] === withinId) categoryIds = [];

  const colours: number[] = [];
  const brands: number[] = [];
  const terms: string[][] = [];
  const filters: QueryFilter[] = [];
  const without = (phrase: { words: string[] }) => words.filter((word) => !phrase.words.includes(word)).join(' ');
  phrases.forEach((phrase, index) => {
    // A brand's name first: 'Fil Rouge' is the brand, not the colour.
    const filter = phrase.meanings.find((meaning) => meaning.kind === 'brand') ?? phrase.meanings.find((meaning) => meaning.kind === 'colour');
    const synonyms = [...new Set(phrase.meanings.flatMap((meaning) => (meaning.kind === 'synonyms' ? meaning.phrases : [])))];
    if (filter?.kind === 'colour' || filter?.kind === 'brand') {
      (filter.kind === 'colour' ? colours : brands).push(filter.id);
      filters.push({ kind: filter.kind === 'colour' ? 'color' : 'brand', id: filter.id, name: filter.name, parent: null, q: without(phrase) });
    } else if (!filtering[index] || synonyms.length > 0) {
      // 'jeans' is Trousers, and denim: its synonyms are searched too.
      terms.push([phrase.words.join(' '), ...synonyms]);
    }
  });
  for (const id of categoryIds) {
    const path = tree.breadcrumbs(id);
    // Removing Women › Shoes ('scarpe donna') takes back its own word ('scarpe'), leaving Women.
    const naming = phrases.filter((phrase, index) => filtering[index] && named[index]!.includes(id));
    filters.push({
      kind: 'category',
      id,
      name: path.at(-1)!.name,
      parent: path.length > 1 ? path.at(-2)!.name : null,
      q: words.filter((word) => !naming.some((phrase) => phrase.words.includes(word))).join(' '),
    });
  }
  const config = configLiteral(context.lang);
  const text = terms.length
    ? await tsqueryText(
        context,
        sql.join(
          terms.map((alternatives) => sql`(${sql.join(alternatives.map((phrase) => sql`phraseto_tsquery(${config}, ${phrase})`), sql` || `)})`),
          sql` && `,
        ),
      )
    : '';
  const known = phrases.filter((phrase) => phrase.meanings.length > 0).flatMap((phrase) => phrase.words);
  return { text, categoryIds, colorIds: [...new Set(colours)], brandIds: [...new Set(brands)], filters, known };
}

/** `understand`, kept per catalogue revision: the vocabulary, and so what a query means, only changes with it. */
export function understood(context: CallContext, revision: string, q: string, withinId: number | undefined): Promise<Understood> {
  const key = JSON.stringify(['understood', context.lang, q, withinId ?? null]);
  return context.catalogCache.answer(revision, key, async () => ({ value: await understand(context, revision, q, withinId), validUntil: Infinity }));
}

/** A colour the shopper may be typing, as suggestions show it. */
export type ColourCompletion = { id: number; name: string; hex: string | null };

/**
 * What the vocabulary's phrases that start as `q` does mean, for suggestions ('jea' → jeans: the Trousers
 * categories, and its synonyms denim and jean): the categories they name whole and their synonyms; and the colours
 * whose names (or forms: 'rossa', 'rote') start as the last word typed ('ros', 'jeans ros' → Rosso).
 */
export async function completions(
  context: CallContext,
  revision: string,
  q: string,
): Promise<{ categoryIds: number[]; synonyms: string[]; colours: ColourCompletion[] }> {
  const words = queryWords(q);
  const typed = plain(words.join(' '));
  const last = plain(words.at(-1) ?? '');
  const vocabulary = await keptVocabulary(context, revision);
  const started = vocabulary.spelled.filter(({ phrase }) => phrase.startsWith(typed)).map(({ meaning }) => meaning);
  const colours = new Map<number, ColourCompletion>();
  for (const { phrase, meaning } of vocabulary.spelled) {
    if (meaning.kind === 'colour' && phrase.startsWith(last)) colours.set(meaning.id, { id: meaning.id, name: meaning.name, hex: meaning.hex });
  }
  return {
    categoryIds: [...new Set(started.flatMap((meaning) => (meaning.kind === 'category' && meaning.whole ? [meaning.id] : [])))],
    synonyms: [...new Set(started.flatMap((meaning) => (meaning.kind === 'synonyms' ? meaning.phrases : [])))],
    colours: [...colours.values()],
  };
}
