import type { SearchSuggestions } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../http/call-context.ts';
import { selectRows } from '../db/raw.ts';
import { HOME_CATEGORY_ID } from './categories.ts';
import { configLiteral, namePrefixQuery, queryWords, searchMatch } from './search-sql.ts';
import { type Keepable } from './revision-cache.ts';
import { correctSpelling } from './spelling.ts';
import { productSummaries } from './summaries.ts';

const CATEGORY_LIMIT = 3;
/**
 * Products whose name matches are looked at up to this many, then the closest names win. A common word
 * matches thousands of products on a large catalogue; ranking them all would cost more than a keystroke may.
 */
const CANDIDATE_LIMIT = 200;

type Found = { productIds: number[]; categories: SearchSuggestions['categories'] };

function matchingProducts(context: CallContext, words: string[], q: string, limit: number) {
  const { lang } = context;
  return selectRows<{ id: number }>(
    context.db,
    sql`select c.product_id as id from (
        select s.product_id, s.name, s.sales_count from catalog_search_entries s
        where ${searchMatch(lang, sql`s`, namePrefixQuery(lang, words))}
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

async function suggestionsFor(context: CallContext, q: string, limit: number): Promise<Found> {
  const words = queryWords(q);
  if (words.length === 0) return { productIds: [], categories: [] };
  const [products, categories] = await Promise.all([matchingProducts(context, words, q, limit), matchingCategories(context, words, q)]);
  return { productIds: products.map((row) => row.id), categories };
}

/** What the suggestions for `q` are, products by id: all the catalogue's revision decides (revision-cache.ts). */
async function readSuggestions(q: string, limit: number, context: CallContext): Promise<Keepable<Found & { corrected: string | null }>> {
  let found = await suggestionsFor(context, q, limit);
  let corrected: string | null = null;
  if (found.productIds.length === 0 && found.categories.length === 0) {
    corrected = await correctSpelling(context.db, context.lang, q);
    if (corrected) found = await suggestionsFor(context, corrected, limit);
  }
  return { value: { ...found, corrected }, validUntil: Infinity };
}

/** The `search` call: suggestions while the shopper types; a typo is answered with the closest spelling's. */
export async function searchSuggestions({ q, limit }: { q: string; limit: number }, context: CallContext): Promise<SearchSuggestions> {
  const key = JSON.stringify(['search', q, limit, context.lang]);
  const { productIds, categories, corrected } = await context.catalogCache.answer(await context.catalogCache.revision(context.db), key, () => readSuggestions(q, limit, context));
  return { q, corrected, products: await productSummaries(context, productIds), categories };
}
