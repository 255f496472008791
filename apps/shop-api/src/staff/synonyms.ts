import type { adminDeleteSynonymsInput, AdminSynonymGroup, adminSaveSynonymsInput, adminSynonymsInput } from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fileSynonyms } from '../catalog/understanding.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { notFound } from '../http/errors.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminContext } from './context.ts';

// The search's synonyms the merchant keeps (search_synonyms, migration 0030). A change raises the catalogue's
// revision in its transaction (the table's trigger): the next search reads the vocabulary again.

const GROUP_COLUMNS = sql`id, lang, phrases, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`;

async function lockedGroup(tx: Queryable, id: number): Promise<AdminSynonymGroup> {
  const [group] = await selectRows<AdminSynonymGroup>(tx, sql`select ${GROUP_COLUMNS} from search_synonyms where id = ${id} for update`);
  if (!group) throw notFound('Synonym group');
  return group;
}

export async function listSynonyms({ lang }: z.output<typeof adminSynonymsInput>, { db }: AdminContext) {
  const groups = await selectRows<AdminSynonymGroup>(db, sql`select ${GROUP_COLUMNS} from search_synonyms where lang = ${lang} order by id`);
  return { lang, groups, file_groups: fileSynonyms(lang) };
}

export async function saveSynonyms({ id, lang, phrases }: z.output<typeof adminSaveSynonymsInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const before = id === undefined ? null : await lockedGroup(tx, id);
    const [after] = await selectRows<AdminSynonymGroup>(
      tx,
      before
        ? sql`update search_synonyms set lang = ${lang}, phrases = ${sql.param(phrases)}::text[], updated_at = now() where id = ${before.id} returning ${GROUP_COLUMNS}`
        : sql`insert into search_synonyms (lang, phrases) values (${lang}, ${sql.param(phrases)}::text[]) returning ${GROUP_COLUMNS}`,
    );
    await audit(tx, actorOf(context), {
      action: before ? 'synonyms.update' : 'synonyms.create',
      targetType: 'synonyms',
      targetId: after!.id,
      before: before && { lang: before.lang, phrases: before.phrases },
      after: { lang, phrases },
    });
    return after!;
  });
}

export async function deleteSynonyms({ id }: z.output<typeof adminDeleteSynonymsInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const before = await lockedGroup(tx, id);
    await tx.execute(sql`delete from search_synonyms where id = ${id}`);
    await audit(tx, actorOf(context), { action: 'synonyms.delete', targetType: 'synonyms', targetId: id, before: { lang: before.lang, phrases: before.phrases } });
    return before;
  });
}

export const synonymHandlers = { listSynonyms, saveSynonyms, deleteSynonyms };
