import type { Product } from '@shop/contract';
import { useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/product';
import { ErrorScreen, errorScreenProps } from '~/components/ErrorScreen';
import { PageMeta } from '~/components/PageMeta';
import { ProductView, shownCombination, shownImages } from '~/features/catalog/ProductView';
import { onlyVariantDiffers } from '~/features/catalog/chosen-variant';
import { BreadcrumbJsonLd, ProductJsonLd, SocialMeta } from '~/features/catalog/seo';
import { ProductReviews } from '~/features/reviews/ProductReviews';
import { parseProductParam } from '~/lib/route-ids';
import { notFound, pageContext } from '~/lib/request-context.server';
import { loadProductPage } from '~/features/catalog/product-page.server';

/**
 * `/{lang}/{id}.html`, a product page (SPEC §2). The variant on show is in the URL (`?g{group}={attribute}`),
 * so every size and colour has its own address; `?related=n` pages the related products.
 */

/** Title, description, sharing tags and structured data of the product on the chosen variant (React places them in the head). */
function ProductMeta({ product }: { product: Product }) {
  const { search } = useLocation();
  const selected = shownCombination(product, search);
  return (
    <>
      {/* The merchant's SEO title is the whole title, as typed; without one the name and the shop's name make it. */}
      <PageMeta title={product.meta_title || product.name} standalone={Boolean(product.meta_title)} description={product.meta_description || product.description.slice(0, 160)} />
      <SocialMeta title={product.name} description={product.description.slice(0, 200)} image={shownImages(product, selected)[0]?.url} type="product" />
      <ProductJsonLd product={product} stock={selected?.stock ?? 0} />
      <BreadcrumbJsonLd trail={product.breadcrumbs} current={product.name} />
    </>
  );
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // SPEC §5: letters, digits and hyphens, starting with the product's number; anything else is a 404.
  const id = parseProductParam(params.product);
  if (!id) return notFound(url.pathname);
  return loadProductPage(pageContext(context), id, params.product, url);
}

/**
 * Another size or colour of the product on show needs nothing from the server: the page has every variant's price,
 * stock and delivery date and shows the one the address names (ADR 55). Anything else loads again.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.href !== nextUrl.href && onlyVariantDiffers(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related, reviews } = loaderData;
  return (
    <>
      <ProductMeta product={product} />
      <ProductView product={product} related={related} reviews={<ProductReviews productId={product.id_product} reviews={reviews} />} />
    </>
  );
}

/** A product that is not (or no longer) sold, or a failing shop API: the error screen inside the shop's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen {...errorScreenProps(error)} />;
}
