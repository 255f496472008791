import { useTranslation } from '~/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import type { Route } from './+types/wishlist';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { Screen } from '~/components/Screen';
import { productPath } from '~/features/catalog/paths';
import { Price } from '~/features/catalog/Price';
import { wishlistPath } from '~/features/wishlist/paths';
import { loadWishlist, wishlistAction, type WishlistEntry } from '~/features/wishlist/wishlist.server';
import { useFocusMainOnChange } from '~/lib/focus';
import { useRefusalText, type ShownRefusal } from '~/lib/refusal-text';
import { useFormatDate, useLang, useLocalePath, useRootData } from '~/lib/hooks';
import { pageContext } from '~/lib/request-context.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = pageContext(context);
  return { items: await loadWishlist(request, api) };
}

export function action({ request, context }: Route.ActionArgs) {
  return wishlistAction(request, pageContext(context));
}

function SavedProduct({ item, refusal }: { item: WishlistEntry; refusal: ShownRefusal | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const formatDate = useFormatDate();
  const failureText = useRefusalText();
  const { product } = item;
  const move = useFormPost({ id: `wishlist-move-${product.id_product}` });
  const remove = useFormPost({ id: `wishlist-remove-${product.id_product}` });
  const headingId = `saved-${product.id_product}`;
  const link = productPath(lang, product);
  // This row's form is on its way: its buttons wait (SPEC §4).
  const busy = move.busy || remove.busy;
  return (
    <article aria-labelledby={headingId} className="flex gap-4 py-6 sm:gap-6">
      <img
        src={product.default_image.url}
        alt=""
        width={product.default_image.width}
        height={product.default_image.height}
        loading="lazy"
        className="aspect-[3/4] h-auto w-24 shrink-0 rounded bg-stone-100 object-cover sm:w-32"
      />
      <div className="flex flex-1 flex-col gap-1">
        {product.brand ? <p className="card-brand">{product.brand.name}</p> : null}
        <h2 id={headingId} className="font-medium">
          <Link to={link} className="hover:underline">
            {product.name}
          </Link>
        </h2>
        <Price price={product.price} regularPrice={product.regular_price} discountPercent={product.discount_percent} from={product.price_varies} />
        {item.attributes_label ? <p className="text-sm text-stone-700">{t('wishlist.savedChoice', { attributes: item.attributes_label })}</p> : null}
        <p className="text-xs text-stone-600">{t('wishlist.savedOn', { date: formatDate(item.added_at) })}</p>
        {refusal ? (
          <p role="alert" className="mt-2 text-sm text-red-800">
            <strong className="block">{t('messages.productNotAdded')}</strong>
            {failureText(refusal)}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-4">
          {item.cart_combination_id ? (
            <PostForm post={move}>
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="product_id" value={product.id_product} />
              <input type="hidden" name="combination_id" value={item.cart_combination_id} />
              <button type="submit" disabled={busy} aria-describedby={headingId} className="button-primary disabled:opacity-60">
                {t('wishlist.moveToCart')}
              </button>
            </PostForm>
          ) : (
            // No size saved, and more than one to choose from: the choice is made on the product page.
            <Link to={link} aria-describedby={headingId} className="button-primary">
              {t('wishlist.chooseSize')}
            </Link>
          )}
          <PostForm post={remove}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="product_id" value={product.id_product} />
            <input type="hidden" name="redirectTo" value={wishlistPath(lang)} />
            <button type="submit" disabled={busy} aria-describedby={headingId} className="px-1 py-2 underline disabled:opacity-60">
              {t('wishlist.remove')}
            </button>
          </PostForm>
        </div>
      </div>
    </article>
  );
}

function EmptyWishlist() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <div className="mt-8 rounded border border-dashed border-stone-300 p-10 text-center">
      <p className="font-medium">{t('wishlist.empty')}</p>
      <p className="mt-2 text-stone-600">{t('wishlist.emptyHint')}</p>
      <Link to={localePath()} className="button-primary mt-6 inline-block">
        {t('wishlist.startShopping')}
      </Link>
    </div>
  );
}

export default function Wishlist({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const signedIn = Boolean(useRootData()?.customer);
  const { items } = loaderData;
  const refused = actionData && 'refused' in actionData ? actionData.refused : null;
  // A heart's post without JavaScript comes here when refused (a product gone meanwhile): it is not in the list.
  const refusedElsewhere = refused && !items.some((item) => item.product.id_product === refused.product_id);
  // After a move or a removal the page comes back in place: focus goes to the content, not the page's start.
  useFocusMainOnChange(useLocation().key);
  return (
    <Screen title={t('wishlist.title')} intro={items.length > 0 ? t('wishlist.count', { count: items.length }) : undefined}>
      {refusedElsewhere ? (
        <p role="alert" className="mt-6 text-red-800">
          {t('wishlist.failed')}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul aria-label={t('wishlist.list')} className="mt-6 max-w-3xl divide-y divide-stone-200 border-y border-stone-200">
          {items.map((item) => (
            <li key={item.product.id_product}>
              <SavedProduct item={item} refusal={refused?.product_id === item.product.id_product ? refused.failure : null} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyWishlist />
      )}
      {signedIn ? null : (
        <p className="mt-8 text-sm text-stone-700">
          {t('wishlist.signInHint')}{' '}
          <Link to={`/${lang}/auth/login?redirectTo=${encodeURIComponent(wishlistPath(lang))}`} className="underline">
            {t('wishlist.signIn')}
          </Link>
        </p>
      )}
    </Screen>
  );
}
