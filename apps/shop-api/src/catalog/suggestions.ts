import type { SearchSuggestions } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import { selectRows } from '../db/raw.ts';
import { HOME_CATEGORY_ID, keptCategoryTree } from './categories.ts';
import { configLiteral, namePrefixQuery, queryWords, searchMatch } from './search-sql.ts';
import { reading, type Keepable } from './revision-cache.ts';
import { correctSpelling } from './spelling.ts';
import { productSummaries } from './summaries.ts';
import { completions, understood } from './understanding.ts';

const CATEGORY_LIMIT = 3;
const COLOUR_LIMIT = 3;
/**
 * Products whose name matches are looked at up to this many, then the closest names win. A common word
 * matches thousands of products on a large catalogue; ranking them all would cost more than a keystroke may.
 */
const CANDIDATE_LIMIT = 200;

type Found = { productIds: number[]; categories: SearchSuggestions['categories']; colors: SearchSuggestions['colors'] };

/** Products whose name has words starting as typed, or one of `synonyms` (of a word the shopper is typing: 'jea' → denim). */
function matchingProducts(context: CallContext, words: string[], q: string, limit: number, synonyms: string[]) {
  const { lang } = context;
  const query = sql.join([namePrefixQuery(lang, words), ...synonyms.map((phrase) => sql`phraseto_tsquery(${configLiteral(lang)}, ${phrase})`)], sql` || `);
  return selectRows<{ id: number }>(
    context.db,
    sql`select c.product_id as id from (
        select s.product_id, s.name, s.sales_count from catalog_search_entries s
        where ${searchMatch(lang, sql`s`, sql`(${query})`)}
        limit ${CANDIDATE_LIMIT}
      ) c
      order by similarity(c.name, ${q}) desc, c.sales_count desc, c.product_id
      limit ${limit}`,
  );
}

function matchingCategories(context: CallContext, words: string[], q: string) {
  const { lang } = context;
  return selectRows<Found['categories'][number]>(
    context.db,
    sql`select c.id, ct.name, ct.slug, case when c.parent_id > ${HOME_CATEGORY_ID} then parent.name end as parent
      from categories c
      join category_translations ct on ct.category_id = c.id and ct.lang = ${lang}
      left join category_translations parent on parent.category_id = c.parent_id and parent.lang = ${lang}
      where c.is_active and c.id > ${HOME_CATEGORY_ID}
        and setweight(to_tsvector(${configLiteral(lang)}, ct.name), 'A') @@ ${namePrefixQuery(lang, words)}
      order by similarity(ct.name, ${q}) desc, c.id
      limit ${CATEGORY_LIMIT}`,
  );
}

/**
 * The categories the vocabulary's phrases starting as typed name ('jea': jeans, the Trousers of Women, Men and
 * Kids), after those whose names start so.
 */
async function vocabularyCategories(context: CallContext, revision: string, categoryIds: number[], named: Found['categories']): Promise<Found['categories']> {
  const tree = await keptCategoryTree(context, revision);
  const more = categoryIds
    .filter((id) => !named.some((category) => category.id === id))
    .map((id) => {
      const path = tree.breadcrumbs(id);
      const category = path.at(-1)!;
      return { id, name: category.name, slug: category.slug, parent: path.length > 1 ? path.at(-2)!.name : null };
    });
  return [...named, ...more].slice(0, CATEGORY_LIMIT);
}

async function suggestionsFor(context: CallContext, revision: string, q: string, limit: number): Promise<Found> {
  const words = queryWords(q);
  if (words.length === 0) return { productIds: [], categories: [], colors: [] };
  const completed = await completions(context, revision, q);
  const [products, categories] = await Promise.all([matchingProducts(context, words, q, limit, completed.synonyms), matchingCategories(context, words, q)]);
  // A colour completes the last word: 'jeans ros' → 'jeans Rosso', which the search reads as the colour Red.
  const colors = completed.colours.slice(0, COLOUR_LIMIT).map((colour) => ({ ...colour, q: [...words.slice(0, -1), colour.name].join(' ') }));
  return { productIds: products.map((row) => row.id), categories: await vocabularyCategories(context, revision, completed.categoryIds, categories), colors };
}

const isEmpty = (found: Found) => found.productIds.length === 0 && found.categories.length === 0 && found.colors.length === 0;

/**
 * What the suggestions for `q` are, products by id: all the catalogue's revision decides (revision-cache.ts). Nothing
 * found: the closest spelling's, offered only when it finds something; the words the shop knows are never corrected.
 */
async function readSuggestions(q: string, limit: number, context: CallContext, revision: string): Promise<Keepable<Found & { corrected: string | null }>> {
  // Names and sales counts of the search rows; not their prices or stock.
  reading({ sales: true });
  const found = await suggestionsFor(context, revision, q, limit);
  const corrected = isEmpty(found) ? await correctSpelling(context, revision, q, (await understood(context, revision, q, undefined)).known) : null;
  const instead = corrected ? await suggestionsFor(context, revision, corrected, limit) : null;
  const value = instead && !isEmpty(instead) ? { ...instead, corrected } : { ...found, corrected: null };
  return { value, validUntil: Infinity };
}

/** The `search` call: suggestions while the shopper types; a typo is answered with the closest spelling's. */
export async function searchSuggestions({ q, limit }: { q: string; limit: number }, context: CallContext): Promise<SearchSuggestions> {
  const key = JSON.stringify(['search', q, limit, context.lang]);
  const revision = await context.catalogCache.revision(context.db);
  const { productIds, categories, colors, corrected } = await context.catalogCache.answer(revision, key, () => readSuggestions(q, limit, context, revision));
  return { q, corrected, products: await productSummaries(context, productIds), categories, colors };
}
