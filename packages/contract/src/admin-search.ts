import { z } from 'zod';
import { rowId } from './bounds.ts';
import { TEXT_LANGUAGES } from './locales.ts';

// The search's synonyms the merchant keeps in the back office (issue 29, docs/adr/0032): groups of words that find
// the same products, per language, added to those of the shop's vocabulary file. Polish groups are read on the
// English shop, where Polish shoppers land.

export const SYNONYM_PHRASES_MAX = 20;
export const SYNONYM_PHRASE_LENGTH_MAX = 60;

const lang = z.enum(TEXT_LANGUAGES);
/** A word or a few, as shoppers type them: lowercase, one space between words. */
const phrase = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\s+/g, ' '))
  .pipe(z.string().min(1).max(SYNONYM_PHRASE_LENGTH_MAX).regex(/[\p{L}\p{N}]/u));

export const adminSynonymGroupSchema = z.object({ id: z.number().int(), lang, phrases: z.array(z.string()), updated_at: z.string() });
export type AdminSynonymGroup = z.infer<typeof adminSynonymGroupSchema>;

export const adminSynonymsInput = z.object({ lang });
export const adminSynonymsSchema = z.object({
  lang,
  /** The merchant's groups, oldest first. */
  groups: z.array(adminSynonymGroupSchema),
  /** The groups of the vocabulary file (catalog/vocabulary.json), which only a release changes. */
  file_groups: z.array(z.array(z.string())),
});

/** A new group (no id) or a changed one: two phrases at least, each once. */
export const adminSaveSynonymsInput = z.object({
  id: rowId.optional(),
  lang,
  phrases: z
    .array(phrase)
    .max(SYNONYM_PHRASES_MAX)
    .transform((phrases) => [...new Set(phrases)])
    .pipe(z.array(z.string()).min(2)),
});
export const adminDeleteSynonymsInput = z.object({ id: rowId });
