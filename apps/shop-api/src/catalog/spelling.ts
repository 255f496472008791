import type { Lang } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { queryWords } from './search-sql.ts';

/**
 * The query with each word replaced by the closest word of the catalogue's names in that language
 * (pg_trgm similarity over the search_lexicon table: 'jaket' → 'jacket'), or null when no word changes.
 * A word the catalogue already has, or one of the shop's vocabulary (`known`: a colour, a category, a synonym), is
 * kept as typed: 'blu' is never 'blusa', nor 'red' 'recycled'.
 */
export async function correctSpelling(db: Database, lang: Lang, q: string, known: readonly string[] = []): Promise<string | null> {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const rows = await selectRows<{ typed: string; known: boolean; closest: string | null }>(
    db,
    sql`select typed.word as typed,
        exists (select 1 from search_lexicon l where l.lang = ${lang} and l.word = typed.word) as known,
        (select l.word from search_lexicon l where l.lang = ${lang} and l.word % typed.word
          order by similarity(l.word, typed.word) desc, l.word limit 1) as closest
      from unnest(array[${sql.join(words.map((word) => sql`${word}`), sql`, `)}]::text[]) with ordinality as typed(word, n)
      order by typed.n`,
  );
  const corrected = rows.map((row) => (row.known || known.includes(row.typed) || !row.closest ? row.typed : row.closest));
  return corrected.some((word, index) => word !== words[index]) ? corrected.join(' ') : null;
}
