import type { ContentBlock, ContentPage, Lang } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { notFound } from '../http/errors.ts';
import { markdownBlocks } from './markdown.ts';

type PageRow = Omit<ContentPage, 'alternates' | 'body'> & { body: unknown };

export async function getContent(db: Database, lang: Lang, slug: string, kind: ContentPage['kind']): Promise<ContentPage> {
  const [page] = await selectRows<PageRow>(
    db,
    sql`select cp.id, cp.key, cp.kind, t.slug, t.title, t.body
      from content_pages cp join content_page_translations t on t.page_id = cp.id
      where t.lang = ${lang} and t.slug = ${slug} and cp.kind = ${kind}`,
  );
  if (!page) throw notFound('Page');
  const translations = await selectRows<{ lang: string; slug: string }>(
    db,
    sql`select lang, slug from content_page_translations where page_id = ${page.id}`,
  );
  // A page's Markdown becomes plain-text blocks here (markdown.ts); a size chart is its table.
  const body = typeof page.body === 'string' ? markdownBlocks(page.body) : (page.body as Extract<ContentPage['body'], { rows: unknown }>);
  return { ...page, body, alternates: Object.fromEntries(translations.map((row) => [row.lang, row.slug])) };
}

/** The footer's links: every content page (not size charts) in the asked language. */
export function footerLinks(db: Database, lang: Lang) {
  return selectRows<{ key: string; slug: string; title: string }>(
    db,
    sql`select cp.key, t.slug, t.title from content_pages cp join content_page_translations t on t.page_id = cp.id and t.lang = ${lang}
      where cp.kind = 'page' order by cp.position, cp.id`,
  );
}

/** A page by its key in a language, as a mail carries it (the terms of sale in an order's confirmation); null if there is none. */
export async function pageByKey(db: Queryable, lang: Lang, key: string): Promise<{ title: string; slug: string; blocks: ContentBlock[] } | null> {
  const [page] = await selectRows<{ title: string; slug: string; body: unknown }>(
    db,
    sql`select t.title, t.slug, t.body from content_pages cp join content_page_translations t on t.page_id = cp.id
      where cp.key = ${key} and cp.kind = 'page' and t.lang = ${lang}`,
  );
  return page && typeof page.body === 'string' ? { title: page.title, slug: page.slug, blocks: markdownBlocks(page.body) } : null;
}
