import type { Lang } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import { selectRows } from '../db/raw.ts';
import type { FacetData } from './facets.ts';
import type { ListingClass } from './listing-filters.ts';
import { reading } from './revision-cache.ts';

/** The classes, and the attributes and brands with their names in `lang`, in the facets' order. */
async function readFacetData(context: CallContext, lang: Lang): Promise<FacetData> {
  const [classes, attributes, brands] = await Promise.all([
    selectRows<ListingClass>(context.db, sql`select id, attribute_ids, badges, brand_id, policy, in_stock from catalog_listing_classes`),
    selectRows<FacetData['attributes'][number]>(
      context.db,
      sql`select a.id, g.kind, at.name as label, a.color_hex as hex
        from attributes a join attribute_groups g on g.id = a.group_id join attribute_translations at on at.attribute_id = a.id and at.lang = ${lang}
        order by g.position, a.position, a.id`,
    ),
    selectRows<FacetData['brands'][number]>(context.db, sql`select id, name as label from brands order by name, id`),
  ]);
  return { classes: new Map(classes.map((listingClass) => [listingClass.id, listingClass])), attributes, brands };
}

/**
 * What the facets of a listing name, kept per catalogue revision (revision-cache.ts). Classes are only ever added:
 * kept ones that lack a class the listing's groups have (added since they were read) are read again, and kept.
 */
export async function facetData(context: CallContext, revision: string, classIds: number[]): Promise<FacetData> {
  const key = JSON.stringify(['facet-data', context.lang]);
  const kept = () =>
    context.catalogCache.answer(revision, key, async () => {
      // Names, and classes, which are only ever added: no change of stock or price makes the kept ones wrong (ADR 66).
      reading();
      return { value: await readFacetData(context, context.lang), validUntil: Infinity };
    });
  const hasAll = (data: FacetData) => classIds.every((id) => data.classes.has(id));
  const first = await kept();
  if (hasAll(first)) return first;
  context.catalogCache.forget(key);
  const again = await kept();
  return hasAll(again) ? again : readFacetData(context, context.lang);
}
