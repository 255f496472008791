import type { ContentPage, Lang } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
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
