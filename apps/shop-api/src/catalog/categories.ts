import type { Alternates, Category, CategoryNode, Lang } from '@shop/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { CallContext } from '../call-context.ts';
import { categories, categoryTranslations } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { reading } from './revision-cache.ts';

/** The hidden top of the tree: its children are the menu (Women, Men, Kids). */
export const HOME_CATEGORY_ID = 2;

type CategoryRow = { id: number; parentId: number | null; position: number; name: string; slug: string; description: string };

/** All active categories in one language, with a way to walk the tree. */
export class CategoryTree {
  private readonly byId: Map<number, CategoryRow>;
  private readonly childrenOf = new Map<number, CategoryRow[]>();

  constructor(rows: CategoryRow[]) {
    this.byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      if (row.parentId === null) continue;
      const siblings = this.childrenOf.get(row.parentId) ?? [];
      siblings.push(row);
      this.childrenOf.set(row.parentId, siblings);
    }
  }

  get(id: number): CategoryRow | undefined {
    return this.byId.get(id);
  }

  children(id: number): CategoryRow[] {
    return this.childrenOf.get(id) ?? [];
  }

  /** From the top category under home down to `id` (home and root are not shown). */
  breadcrumbs(id: number): CategoryRow[] {
    const path: CategoryRow[] = [];
    for (let row = this.byId.get(id); row && row.id > HOME_CATEGORY_ID; row = row.parentId === null ? undefined : this.byId.get(row.parentId)) {
      path.unshift(row);
    }
    return path;
  }

  menu(parentId = HOME_CATEGORY_ID): CategoryNode[] {
    return this.children(parentId).map((row) => ({ id: row.id, name: row.name, slug: row.slug, children: this.menu(row.id) }));
  }
}

export async function loadCategoryTree(db: Database, lang: Lang): Promise<CategoryTree> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      position: categories.position,
      name: categoryTranslations.name,
      slug: categoryTranslations.slug,
      description: categoryTranslations.description,
    })
    .from(categories)
    .innerJoin(categoryTranslations, eq(categoryTranslations.categoryId, categories.id))
    .where(and(eq(categoryTranslations.lang, lang), eq(categories.isActive, true)))
    .orderBy(asc(categories.position), asc(categories.id));
  return new CategoryTree(rows);
}

/** loadCategoryTree in the request's language, kept per catalogue revision (categories raise it, migration 0014). */
export function keptCategoryTree(context: CallContext, revision: string): Promise<CategoryTree> {
  const key = JSON.stringify(['categoryTree', context.lang]);
  return context.catalogCache.answer(revision, key, async () => {
    reading();
    return { value: await loadCategoryTree(context.db, context.lang), validUntil: Infinity };
  });
}

/** getCategory in the request's language, kept per catalogue revision. */
export function keptCategory(context: CallContext, revision: string, id: number): Promise<Category> {
  const key = JSON.stringify(['category', id, context.lang]);
  return context.catalogCache.answer(revision, key, async () => {
    reading();
    return { value: await getCategory(context.db, context.lang, id), validUntil: Infinity };
  });
}

export async function categoryAlternates(db: Database, id: number): Promise<Alternates> {
  const rows = await db
    .select({ lang: categoryTranslations.lang, slug: categoryTranslations.slug })
    .from(categoryTranslations)
    .where(eq(categoryTranslations.categoryId, id));
  return Object.fromEntries(rows.map((row) => [row.lang, `${id}-${row.slug}`]));
}

export async function getCategory(db: Database, lang: Lang, id: number): Promise<Category> {
  const [tree, alternates] = await Promise.all([loadCategoryTree(db, lang), categoryAlternates(db, id)]);
  const row = tree.get(id);
  if (!row || id <= HOME_CATEGORY_ID) throw notFound('Category');
  const crumb = ({ id, name, slug }: CategoryRow) => ({ id, name, slug });
  return {
    id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    breadcrumbs: tree.breadcrumbs(id).map(crumb),
    children: tree.children(id).map(crumb),
    alternates,
  };
}
