import { sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import { selectRows } from '../db/raw.ts';
import { queryWords } from './search-sql.ts';
import { vocabularyWords } from './understanding.ts';

/**
 * The query with each word replaced by the closest word of the catalogue's names in that language or of the shop's
 * vocabulary it is read with (pg_trgm similarity over the search_lexicon table and the vocabulary's words: 'jaket' →
 * 'jacket', Polish 'sukinka' → 'sukienka' on the English shop), or null when no word changes.
 * A word the catalogue already has, or one of the shop's vocabulary (`known`: a colour, a category, a synonym), is
 * kept as typed: 'blu' is never 'blusa', nor 'red' 'recycled'.
 */
export async function correctSpelling(context: CallContext, revision: string, q: string, known: readonly string[] = []): Promise<string | null> {
  const words = queryWords(q);
  if (words.length === 0) return null;
  const vocabulary = await vocabularyWords(context, revision);
  const rows = await selectRows<{ typed: string; known: boolean; closest: string | null }>(
    context.db,
    sql`select typed.word as typed,
        exists (select 1 from search_lexicon l where l.lang = ${context.lang} and l.word = typed.word) as known,
        (select candidate.word
          from (select l.word from search_lexicon l where l.lang = ${context.lang} and l.word % typed.word
            union select v.word from unnest(${sql.param(vocabulary)}::text[]) as v(word) where v.word % typed.word) as candidate
          order by similarity(candidate.word, typed.word) desc, candidate.word limit 1) as closest
      from unnest(array[${sql.join(words.map((word) => sql`${word}`), sql`, `)}]::text[]) with ordinality as typed(word, n)
      order by typed.n`,
  );
  const corrected = rows.map((row) => (row.known || known.includes(row.typed) || !row.closest ? row.typed : row.closest));
  return corrected.some((word, index) => word !== words[index]) ? corrected.join(' ') : null;
}
