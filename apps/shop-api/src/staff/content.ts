import { STOREFRONT_LANGUAGES, type Lang } from '@shop/contract';
import { slugIsShopRoute, type AdminContentPage, type adminCreateContentPageInput, type adminSaveContentTranslationInput, type adminSetSizeChartCategoriesInput } from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { ApiError, notFound, refusal } from '../http/errors.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminContext } from './context.ts';
import { nextId, orConflict } from './products.ts';

/**
 * Content pages and size charts in every storefront language (docs/adr/0048-shipping-and-pages-editor.md). A page's
 * text is kept as the Markdown the staff member typed; the storefront gets it as plain-text blocks
 * (catalog/content.ts), never as HTML. A language's text carries a version, as a delivery rate does: of two staff
 * members saving the same page in the same language, the one who read an older version is refused.
 */

type Table = { columns: string[]; rows: string[][] };
type PageRow = { id: number; key: string; kind: 'page' | 'size-chart' };
type TextRow = { lang: Lang; slug: string; title: string; body: unknown; version: number };

const isTable = (body: unknown): body is Table => typeof body === 'object' && body !== null && !Array.isArray(body) && 'rows' in body;

/** A language is complete when it has a title and a text (a size chart: at least one row). */
const isComplete = (text: TextRow | undefined) =>
  text !== undefined && text.title.trim() !== '' && (isTable(text.body) ? text.body.rows.length > 0 : typeof text.body === 'string' && text.body.trim() !== '');

function toPage(page: PageRow, texts: TextRow[], categoryIds: number[], lang: string): AdminContentPage {
  const byLang = new Map(texts.map((text) => [text.lang, text]));
  return {
    ...page,
    title: byLang.get(lang as Lang)?.title ?? byLang.get('en')?.title ?? page.key,
    complete: STOREFRONT_LANGUAGES.filter((code) => isComplete(byLang.get(code))),
    missing: STOREFRONT_LANGUAGES.filter((code) => !isComplete(byLang.get(code))),
    translations: texts.map((text) => ({
      lang: text.lang,
      slug: text.slug,
      title: text.title,
      markdown: typeof text.body === 'string' ? text.body : '',
      table: isTable(text.body) ? text.body : null,
      version: text.version,
    })),
    category_ids: categoryIds,
  };
}

const textsOf = (db: Queryable, ids: number[]) =>
  selectRows<TextRow & { page_id: number }>(
    db,
    sql`select page_id, lang, slug, title, body, version from content_page_translations where page_id = any(${`{${ids.join(',')}}`}::int[]) order by lang`,
  );
const chartCategoriesOf = (db: Queryable, ids: number[]) =>
  selectRows<{ page_id: number; category_id: number }>(
    db,
    sql`select page_id, category_id from category_size_charts where page_id = any(${`{${ids.join(',')}}`}::int[]) order by category_id`,
  );

async function readPage(db: Queryable, id: number, lang: string, lock = false): Promise<AdminContentPage> {
  const [page] = await selectRows<PageRow>(db, sql`select id, key, kind from content_pages where id = ${id} ${lock ? sql`for update` : sql``}`);
  if (!page) throw notFound('Page');
  const [texts, categories] = await Promise.all([textsOf(db, [id]), chartCategoriesOf(db, [id])]);
  return toPage(page, texts, categories.map((row) => row.category_id), lang);
}

/** Every page, then every size chart, with the languages each is complete in. */
export async function listContentPages(_input: unknown, { db, textLang }: AdminContext) {
  const pages = await selectRows<PageRow>(db, sql`select id, key, kind from content_pages order by kind, position, id`);
  const ids = pages.map((page) => page.id);
  const [texts, categories] = await Promise.all([textsOf(db, ids), chartCategoriesOf(db, ids)]);
  return {
    pages: pages.map((page) => {
      const { translations: _texts, ...summary } = toPage(
        page,
        texts.filter((text) => text.page_id === page.id),
        categories.filter((row) => row.page_id === page.id).map((row) => row.category_id),
        textLang,
      );
      return summary;
    }),
  };
}

/** The categories a size chart can be given to: every subcategory, named with its parent in the staff member's language. */
function chartCategories(db: Queryable, lang: string) {
  return selectRows<{ id: number; name: string }>(
    db,
    sql`select c.id, concat_ws(' › ', coalesce(pl.name, pe.name), coalesce(tl.name, te.name)) as name from categories c
      left join category_translations tl on tl.category_id = c.id and tl.lang = ${lang}
      left join category_translations te on te.category_id = c.id and te.lang = 'en'
      left join category_translations pl on pl.category_id = c.parent_id and pl.lang = ${lang}
      left join category_translations pe on pe.category_id = c.parent_id and pe.lang = 'en'
      where c.parent_id is not null order by 2, c.id`,
  );
}

export async function getContentPage({ id }: { id: number }, { db, textLang }: AdminContext) {
  const [page, categories] = await Promise.all([readPage(db, id, textLang), chartCategories(db, textLang)]);
  return { page, categories };
}

/** A new page or size chart, without any text yet (each language is then written and saved on its own). */
export async function createContentPage(input: z.output<typeof adminCreateContentPageInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const id = await nextId(tx, 'content_pages');
    await orConflict('key', () =>
      tx.execute(sql`insert into content_pages (id, kind, key, position) values (${id}, ${input.kind}, ${input.key}, (select coalesce(max(position), 0) + 1 from content_pages))`),
    );
    const page = await readPage(tx, id, context.textLang);
    await audit(tx, actorOf(context), { action: 'content_page.create', targetType: 'content_page', targetId: id, after: { key: input.key, kind: input.kind } });
    return page;
  });
}

/**
 * Saves a page's (Markdown) or a size chart's (table) text in one language, over the version the form read
 * (0: a language the page did not have). A slug another page has in that language is refused (by the unique index,
 * so two saves at once cannot both take it), and so is a page's slug that is an address of the shop's own pages.
 */
export async function saveContentTranslation(input: z.output<typeof adminSaveContentTranslationInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const before = await readPage(tx, input.id, context.textLang, true);
    const body = before.kind === 'size-chart' ? input.table : input.markdown;
    if (body === undefined) throw new ApiError(400, 'bad_request', 'A page takes Markdown, a size chart a table', { errors: { [before.kind === 'size-chart' ? 'table' : 'markdown']: ['Required'] } });
    // A page's address would be another page of the shop's (a size chart's lives under /size-chart/).
    if (before.kind === 'page' && slugIsShopRoute(input.slug)) throw refusal(409, 'catalogue_conflict', 'The shop has a page at this address', { field: 'slug' });
    const old = before.translations.find((text) => text.lang === input.lang);
    if ((old?.version ?? 0) !== input.version) throw refusal(409, 'stale_edit', 'Someone else saved a newer version first', { version: old?.version ?? 0 });
    const json = JSON.stringify(body);
    await orConflict('slug', () =>
      tx.execute(
        old
          ? sql`update content_page_translations set title = ${input.title}, slug = ${input.slug}, body = ${json}::jsonb, version = version + 1
              where page_id = ${input.id} and lang = ${input.lang}`
          : sql`insert into content_page_translations (page_id, lang, slug, title, body) values (${input.id}, ${input.lang}, ${input.slug}, ${input.title}, ${json}::jsonb)`,
      ),
    );
    const after = await readPage(tx, input.id, context.textLang);
    const text = (page: AdminContentPage) => page.translations.find((candidate) => candidate.lang === input.lang) ?? null;
    await audit(tx, actorOf(context), { action: 'content_page.text', targetType: 'content_page', targetId: input.id, before: text(before), after: text(after) });
    return after;
  });
}

/** Gives a size chart to categories (taking them from the chart they had) and takes it from the others. */
export async function setSizeChartCategories(input: z.output<typeof adminSetSizeChartCategoriesInput>, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const before = await readPage(tx, input.id, context.textLang, true);
    if (before.kind !== 'size-chart') throw notFound('Size chart');
    const ids = `{${input.category_ids.join(',')}}`;
    const known = await selectRows<{ id: number }>(tx, sql`select id from categories where id = any(${ids}::int[])`);
    if (known.length !== new Set(input.category_ids).size) throw notFound('Category');
    await tx.execute(sql`delete from category_size_charts where page_id = ${input.id} and not (category_id = any(${ids}::int[]))`);
    await tx.execute(
      sql`insert into category_size_charts (category_id, page_id) select unnest(${ids}::int[]), ${input.id}
        on conflict (category_id) do update set page_id = excluded.page_id`,
    );
    const after = await readPage(tx, input.id, context.textLang);
    await audit(tx, actorOf(context), { action: 'size_chart.categories', targetType: 'content_page', targetId: input.id, before: before.category_ids, after: after.category_ids });
    return after;
  });
}

export const contentHandlers = { listContentPages, getContentPage, createContentPage, saveContentTranslation, setSizeChartCategories };
