import type { Garment, Lang, QueryFilter, TextLang } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import { selectRows } from '../db/raw.ts';
import { HOME_CATEGORY_ID, keptCategoryTree, type CategoryTree } from './categories.ts';
import { facetData } from './facet-data.ts';
import { reading } from './revision-cache.ts';
import { configLiteral, queryWords, stopWordsConfig } from './search-sql.ts';
import vocabularyFile from './vocabulary.json' with { type: 'json' };

/**
 * What the shop's words mean, per language (vocabulary.json, which the merchant extends; and the synonym groups
 * the merchant keeps in the back office, search_synonyms): other forms of the catalogue's colour names and category
 * names, synonyms (words that find the same products), and the words naming each product type (`types`, for ranking).
 */
type VocabularyFile = { colours: Record<string, string[]>; categories: Record<string, string[]>; synonyms: string[][]; types: Partial<Record<Garment, string[]>> };
const VOCABULARY = vocabularyFile as Record<TextLang, VocabularyFile>;

/** The synonym groups of the vocabulary file in `lang`, as the back office shows them beside the merchant's. */
export const fileSynonyms = (lang: TextLang): string[][] => VOCABULARY[lang].synonyms;

/**
 * The vocabularies a query is read with in each storefront language: its own, and on the English storefront also
 * the Polish one. Polish is a text language but no route (SPEC §9): a Polish browser lands on the English shop
 * (locale.server.ts), and the catalogue has no Polish texts. So the Polish words are keyed to the English colour and
 * category names, and their synonyms hold the English words the products are searched by ('dżinsy' → jeans, denim).
 */
const READ_WITH: Record<Lang, TextLang[]> = { en: ['en', 'pl'], fr: ['fr'], it: ['it'], es: ['es'], de: ['de'] };

/**
 * What a phrase of the vocabulary means: a colour; a brand; categories, named whole (`whole`: 'Shoes', 'Tops & shirts',
 * a form the file gives) or in part ('shirts' of 'Tops & shirts'); a group of synonyms; or a product type.
 */
type Meaning =
  | { kind: 'colour'; id: number; name: string; hex: string | null }
  | { kind: 'brand'; id: number; name: string }
  | { kind: 'category'; id: number; whole: boolean }
  | { kind: 'synonyms'; phrases: string[] }
  | { kind: 'type'; garment: Garment };

/**
 * Phrases by their words' stems in the language, or by their words as such for brands (proper names: 'Vellano'
 * and 'velluto' have one stem), with what they mean; `longest`: words of the longest phrase. `spelled`: every
 * phrase as written (lowercase, unaccented), for suggestions while the shopper is still typing it.
 */
type Vocabulary = { meanings: Map<string, Meaning[]>; longest: number; spelled: { phrase: string; meaning: Meaning }[] };

/** Lowercase and without accents, as the configurations' unaccent compares: 'Vêtements' → 'vetements', 'Męskie' → 'meskie'. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/gi, 'l')
    .toLowerCase();

/** Names of several categories in one: 'Tops & shirts', 'Giacche e cappotti', 'Tops y camisas', 'Jacken & Mäntel'. */
const NAME_PARTS = /\s*[&,/+]\s*|\s+(?:and|et|e|y|und)\s+/i;

/**
 * The stems of `words` in a language (its text-search configuration: unaccented, singular and plural alike:
 * 'rossa', 'rosse' → 'ross'); a word the configuration drops ('t' of 't-shirt') stands for itself. `stops`: the
 * words that are stop words of the language ('de', 'para'; shop_spanish keeps them, for 'ante').
 */
async function stems(context: CallContext, lang: TextLang, words: string[]): Promise<{ stemOf: Map<string, string>; stops: Set<string> }> {
  if (words.length === 0) return { stemOf: new Map(), stops: new Set() };
  const rows = await selectRows<{ word: string; stem: string; stop: boolean }>(
    context.db,
    sql`select w.word, coalesce((select min(lexeme) from unnest(to_tsvector(${configLiteral(lang)}, w.word))), w.word) as stem,
        to_tsvector(${stopWordsConfig(lang)}, w.word) = ''::tsvector as stop
      from unnest(array[${sql.join(words.map((word) => sql`${word}`), sql`, `)}]::text[]) as w(word)`,
  );
  return { stemOf: new Map(rows.map((row) => [row.word, row.stem])), stops: new Set(rows.filter((row) => row.stop).map((row) => row.word)) };
}

/** The key of a phrase of `lang`'s vocabulary by its words' stems: 'pl:czerwona sukienka'. */
const stemKey = (lang: TextLang, stemsOfWords: string[]) => `${lang}:${stemsOfWords.join(' ')}`;

/**
 * The phrases of one language's vocabulary with what they mean, keyed to the storefront language's names; with
 * those names themselves (`withNames`) for the storefront's own language (Polish has its forms only).
 */
function phrasesOf(
  file: VocabularyFile,
  merchantGroups: string[][],
  facets: Awaited<ReturnType<typeof facetData>>,
  tree: CategoryTree,
  withNames: boolean,
): [string, Meaning][] {
  const named = (name: string) => (withNames ? [name] : []);
  const formsOf = (forms: Record<string, string[]>, name: string) => Object.entries(forms).find(([named]) => named.toLowerCase() === name.toLowerCase())?.[1] ?? [];
  const entries: [string, Meaning][] = [];
  for (const colour of facets.attributes.filter((attribute) => attribute.kind === 'color')) {
    const meaning: Meaning = { kind: 'colour', id: colour.id, name: colour.label, hex: colour.hex };
    for (const phrase of [...named(colour.label), ...formsOf(file.colours, colour.label)]) entries.push([phrase, meaning]);
  }
  const walk = (nodes: ReturnType<CategoryTree['menu']>) => {
    for (const node of nodes) {
      for (const phrase of [...named(node.name), ...formsOf(file.categories, node.name)]) entries.push([phrase, { kind: 'category', id: node.id, whole: true }]);
      const parts = node.name.split(NAME_PARTS);
      if (withNames && parts.length > 1) for (const part of parts) entries.push([part, { kind: 'category', id: node.id, whole: false }]);
      walk(node.children);
    }
  };
  walk(tree.menu());
  for (const group of [...file.synonyms, ...merchantGroups]) for (const phrase of group) entries.push([phrase, { kind: 'synonyms', phrases: group }]);
  for (const [garment, phrases] of Object.entries(file.types)) for (const phrase of phrases) entries.push([phrase, { kind: 'type', garment: garment as Garment }]);
  return entries;
}

/** The synonym groups the merchant keeps in the back office (search_synonyms), per language. */
async function merchantSynonyms(context: CallContext, langs: TextLang[]): Promise<Map<TextLang, string[][]>> {
  const rows = await selectRows<{ lang: TextLang; phrases: string[] }>(
    context.db,
    sql`select lang, phrases from search_synonyms where lang = any(${sql.param(langs)}::text[]) order by id`,
  );
  const groups = new Map<TextLang, string[][]>();
  for (const row of rows) groups.set(row.lang, [...(groups.get(row.lang) ?? []), row.phrases]);
  return groups;
}

async function readVocabulary(context: CallContext, revision: string): Promise<Vocabulary> {
  const langs = READ_WITH[context.lang];
  const [facets, tree, merchants] = await Promise.all([facetData(context, revision, []), keptCategoryTree(context, revision), merchantSynonyms(context, langs)]);
  const meanings = new Map<string, Meaning[]>();
  const spelled: Vocabulary['spelled'] = [];
  let longest = 1;
  const add = (key: string, words: string[], meaning: Meaning) => {
    longest = Math.max(longest, words.length);
    meanings.set(key, [...(meanings.get(key) ?? []), meaning]);
    spelled.push({ phrase: plain(words.join(' ')), meaning });
  };
  for (const lang of langs) {
    const entries = phrasesOf(VOCABULARY[lang], merchants.get(lang) ?? [], facets, tree, lang === context.lang);
    const { stemOf } = await stems(context, lang, [...new Set(entries.flatMap(([phrase]) => queryWords(phrase, 20)))]);
    for (const [phrase, meaning] of entries) {
      const words = queryWords(phrase, 20);
      if (words.length > 0) add(stemKey(lang, words.map((word) => stemOf.get(word) ?? word)), words, meaning);
    }
  }
  for (const brand of facets.brands) {
    const words = queryWords(brand.label, 20);
    if (words.length > 0) add(asWords(words), words, { kind: 'brand', id: brand.id, name: brand.label });
  }
  return { meanings, longest, spelled };
}

/** The key of a phrase by its words as such (brands'): never a key of stems, which start with their language. */
const asWords = (words: string[]) => `=${words.join(' ')}`;

/** The vocabulary in the request's language, kept per catalogue revision (colour and category names raise it). */
function keptVocabulary(context: CallContext, revision: string): Promise<Vocabulary> {
  const key = JSON.stringify(['vocabulary', context.lang]);
  return context.catalogCache.answer(revision, key, async () => {
    reading();
    return { value: await readVocabulary(context, revision), validUntil: Infinity };
  });
}

/**
 * A query as the shop reads it. `text`: the tsquery (as text) its other words are searched with, synonyms
 * included, '' when no word is left to search; `categoryIds`: the categories its words named (any of them);
 * `colorIds`, `brandIds`: the colours and brands (any of them); `filters`: all of them, as the shopper may remove
 * them; `garments`: the product types its words name, ranked first ('shirt': shirts before T-shirts); `known`: the
 * words the vocabulary knows, which are never corrected.
 */
export type Understood = {
  text: string;
  categoryIds: number[];
  colorIds: number[];
  brandIds: number[];
  garments: Garment[];
  filters: QueryFilter[];
  known: string[];
};

/** Websearch syntax ("a phrase", -exclusion, OR): the shopper means the words as typed. */
const OPERATORS = /"|(^|\s)-\S|\sor\s/i;

/**
 * `words` of `q` as the shopper typed them, hyphens and all: 't-shirt' is the phrase 't-shirt', where 't shirt' would
 * be 'shirt' alone ('t' is an English stop word) and find every shirt.
 */
function asTyped(q: string, words: string[]): string {
  // Words hold only letters and digits (queryWords): nothing to escape.
  return new RegExp(words.join('[^\\p{L}\\p{N}]+'), 'iu').exec(q)?.[0] ?? words.join(' ');
}

/** A tsquery built by SQL, as text ('' when it has no lexeme). */
async function tsqueryText(context: CallContext, query: ReturnType<typeof sql>): Promise<string> {
  const [row] = await selectRows<{ text: string }>(context.db, sql`select (${query})::text as text`);
  return row?.text ?? '';
}

/** The shortest part of a compound word that is split: 'Damen', 'Rock', 'Hose'. */
const COMPOUND_PART = 3;
/**
 * The longest word that is split ('Damenlederschuhe' has 16 letters): every part of a word is looked up, so a longer
 * one (a query may be a single word of 200 letters) would have thousands read for nothing.
 */
const COMPOUND_MAX = 32;

/**
 * German compounds split into words of the vocabulary: 'Damenschuhe' is Damen Schuhe, 'Lederjacke' Leder Jacke,
 * 'Kinderhose' Kinder Hose (a linking s is dropped: 'Herbstsjacke'), and of three parts: 'Damenlederjacke' Damen Leder
 * Jacke. Only words that neither the vocabulary nor the catalogue's names hold are split: 'Strickjacke' is the name
 * of cardigans, and stays whole.
 */
async function splitCompounds(context: CallContext, vocabulary: Vocabulary, words: string[]): Promise<string[]> {
  const cuts = (word: string) =>
    Array.from({ length: Math.max(0, word.length - 2 * COMPOUND_PART + 1) }, (_, index) => {
      const left = word.slice(0, COMPOUND_PART + index);
      return { left, right: word.slice(COMPOUND_PART + index) };
    });
  // Every piece a split may end with, at any depth: each long enough part of each word, also without a linking s.
  const pieces = words.filter((word) => word.length <= COMPOUND_MAX).flatMap((word) =>
    Array.from({ length: word.length }, (_, start) =>
      Array.from({ length: word.length - start - COMPOUND_PART + 1 }, (_, extra) => word.slice(start, start + COMPOUND_PART + extra)),
    ).flat(),
  );
  const parts = [...pieces, ...pieces.filter((piece) => piece.endsWith('s')).map((piece) => piece.slice(0, -1))];
  if (parts.length === 0) return words;
  const [{ stemOf }, named] = await Promise.all([
    stems(context, 'de', [...new Set([...words, ...parts])]),
    selectRows<{ word: string }>(
      context.db,
      sql`select word from search_lexicon where lang = 'de' and word = any(${sql.param(words)}::text[])`,
    ),
  ]);
  const knows = (word: string) => word.length >= COMPOUND_PART && vocabulary.meanings.has(stemKey('de', [stemOf.get(word) ?? word]));
  /** The known words `word` is made of, the last one the longest that fits; null when it is not made of them. */
  const split = (word: string, depth: number): string[] | null => {
    if (knows(word)) return [word];
    if (depth === 0) return null;
    for (const { left, right } of cuts(word)) {
      if (!knows(right)) continue;
      const start = split(left, depth - 1) ?? (left.endsWith('s') ? split(left.slice(0, -1), depth - 1) : null);
      if (start) return [...start, right];
    }
    return null;
  };
  return words.flatMap((word) => {
    if (knows(word) || named.some((row) => row.word === word)) return [word];
    // Three parts at most: German shoppers type 'Damenlederjacke', not longer.
    return (word.length <= COMPOUND_MAX && split(word, 2)) || [word];
  });
}

/**
 * Reads `q`: phrases naming a colour or a category (whole: 'shoes', 'donna', 'Damen') become filters; the rest is
 * text, each phrase with its synonyms. Categories named together combine ('scarpe donna': Women › Shoes, the
 * category under the other); within `withinId` only (a search in a category). When they cannot combine ('shirt
 * dress'), only the top categories (genders) stay filters and the other words are text.
 */
async function understand(context: CallContext, revision: string, q: string, withinId: number | undefined): Promise<Understood> {
  const typed = queryWords(q);
  if (OPERATORS.test(q) || typed.length === 0) {
    const text = await tsqueryText(context, sql`websearch_to_tsquery(${configLiteral(context.lang)}, ${q})`);
    return { text, categoryIds: [], colorIds: [], brandIds: [], garments: [], filters: [], known: [] };
  }
  const langs = READ_WITH[context.lang];
  const [vocabulary, tree] = await Promise.all([keptVocabulary(context, revision), keptCategoryTree(context, revision)]);
  const words = context.lang === 'de' ? await splitCompounds(context, vocabulary, typed) : typed;
  const read = await Promise.all(langs.map((lang) => stems(context, lang, words)));
  const stops = read[0]!.stops;
  // Longest phrases first: 'navy blue' is Navy, not Navy and Blue; 'scarpe da ginnastica' sneakers, not shoes.
  const meaningsAt = (start: number, length: number) => {
    const slice = words.slice(start, start + length);
    return [
      ...langs.flatMap((lang, index) => vocabulary.meanings.get(stemKey(lang, slice.map((word) => read[index]!.stemOf.get(word) ?? word))) ?? []),
      ...(vocabulary.meanings.get(asWords(slice)) ?? []),
    ];
  };
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
    } else if ((!filtering[index] || synonyms.length > 0) && !(phrase.meanings.length === 0 && phrase.words.every((word) => stops.has(word)))) {
      // 'jeans' is Trousers, and denim: its synonyms are searched too. A stop word alone ('de', 'para') is not.
      terms.push([asTyped(q, phrase.words), ...synonyms]);
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
  // A compound split into known words ('damenschuhe') is known too.
  const known = [...phrases.filter((phrase) => phrase.meanings.length > 0).flatMap((phrase) => phrase.words), ...typed.filter((word) => !words.includes(word))];
  const garments = [...new Set(phrases.flatMap((phrase) => phrase.meanings.flatMap((meaning) => (meaning.kind === 'type' ? [meaning.garment] : []))))];
  return { text, categoryIds, colorIds: [...new Set(colours)], brandIds: [...new Set(brands)], garments, filters, known };
}

/** `understand`, kept per catalogue revision: the vocabulary, and so what a query means, only changes with it. */
export function understood(context: CallContext, revision: string, q: string, withinId: number | undefined): Promise<Understood> {
  const key = JSON.stringify(['understood', context.lang, q, withinId ?? null]);
  return context.catalogCache.answer(revision, key, async () => {
    reading();
    return { value: await understand(context, revision, q, withinId), validUntil: Infinity };
  });
}

/**
 * The single words of the vocabulary the request's language is read with (lowercase, unaccented): what a misspelt
 * word may be corrected to besides the catalogue's names ('sukinka' → 'sukienka' on the English shop, in Polish).
 */
export async function vocabularyWords(context: CallContext, revision: string): Promise<string[]> {
  const { spelled } = await keptVocabulary(context, revision);
  return [...new Set(spelled.flatMap(({ phrase }) => phrase.split(' ')).filter((word) => word.length >= COMPOUND_PART))];
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
