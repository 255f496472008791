import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, useLocation, useNavigate } from 'react-router';
import { useOneOverlay } from '~/components/Drawer';
import { useFormatPrice, useLang } from '~/lib/hooks';
import { searchPath, suggestionsPath } from './paths';
import { MIN_QUERY_LENGTH, type SuggestionList } from './suggestions';

/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
const DEBOUNCE_MS = 200;

type Option = { key: string; href: string; group: 'products' | 'categories' | 'colors' | 'all'; content: React.ReactNode };

function useOptions(list: SuggestionList | null, query: string): Option[] {
  const { t } = useTranslation();
  const lang = useLang();
  const format = useFormatPrice();
  if (!list) return [];
  const searched = list.corrected ?? query;
  return [
    ...list.products.map((product) => ({
      key: `product-${product.id}`,
      href: product.href,
      group: 'products' as const,
      content: (
        <>
          <img src={product.image} alt="" width={30} height={40} className="h-10 w-[30px] shrink-0 rounded bg-stone-100 object-cover" />
          <span className="min-w-0 flex-1">
            <span className="block truncate">{product.name}</span>
            {product.brand ? <span className="block text-xs text-stone-600">{product.brand}</span> : null}
          </span>
          <span className="text-sm font-medium">{format(product.price)}</span>
        </>
      ),
    })),
    ...list.categories.map((category) => ({
      key: `category-${category.id}`,
      href: category.href,
      group: 'categories' as const,
      content: <span>{category.parent ? t('search.categoryIn', { name: category.name, parent: category.parent }) : category.name}</span>,
    })),
    ...list.colors.map((colour) => ({
      key: `color-${colour.id}`,
      href: colour.href,
      group: 'colors' as const,
      content: (
        <>
          {colour.hex ? <span aria-hidden="true" className="inline-block h-4 w-4 shrink-0 rounded-full border border-stone-400" style={{ backgroundColor: colour.hex }} /> : null}
          <span>{colour.name}</span>
        </>
      ),
    })),
    {
      key: 'all',
      href: searchPath(lang, searched),
      group: 'all' as const,
      content: <span className="font-medium underline">{t('search.showAllFor', { q: searched })}</span>,
    },
  ];
}

/**
 * The header's search: a plain GET form to the results page (works without JavaScript), which suggests
 * products, categories and colours as the shopper types. WAI-ARIA combobox with a listbox popup: arrows move through
 * the suggestions, Enter opens one, Escape closes the list (then clears the box); a live region says how
 * many suggestions there are. Requests wait for a pause in typing, and a newer one cancels the older.
 */
export function SearchBox({ open: shown }: { /** Shown on a phone too (it always is from `lg` up). */ open: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [answer, setAnswer] = useState<SuggestionList | null>(null);
  const id = useId();
  const onResultsPage = location.pathname === `/${lang}/search`;
  const [query, setQuery] = useState(() => (onResultsPage ? (new URLSearchParams(location.search).get('q') ?? '') : ''));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = query.trim();

  useEffect(() => {
    if (typed.length < MIN_QUERY_LENGTH) return;
    // A newer query aborts the request still in flight (and its retries): a stale answer never arrives.
    const controller = new AbortController();
    // The reader's code loads with the first suggestions, not with every page.
    const timer = setTimeout(() => {
      import('~/lib/fetch-json')
        .then(({ readJson }) => readJson<SuggestionList>(suggestionsPath(lang, typed), { signal: controller.signal }))
        .then(setAnswer, () => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, lang]);

  // Only the answer for what is typed now is shown, never one for an earlier query.
  const list = answer && answer.q === typed && typed.length >= MIN_QUERY_LENGTH ? answer : null;
  const options = useOptions(list, typed);
  const expanded = open && options.length > 0;
  const suggestionCount = (list?.products.length ?? 0) + (list?.categories.length ?? 0) + (list?.colors.length ?? 0);
  const optionId = (index: number) => `${id}-option-${index}`;

  function close() {
    setOpen(false);
    setActive(-1);
  }
  useOneOverlay(expanded, close);

  function go(option: Option) {
    close();
    void navigate(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      // Both ends wrap around, as in the WAI-ARIA combobox examples.
      if (event.key === 'ArrowDown') setActive((current) => (current >= count - 1 ? 0 : current + 1));
      else setActive((current) => (current <= 0 ? count - 1 : current - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      go(options[active]);
    } else if (event.key === 'Escape' && expanded) {
      // First Escape closes the list; the next one clears the box (a search field's own behaviour).
      event.preventDefault();
      close();
    }
  }

  const groupLabel = { products: t('search.productsGroup'), categories: t('search.categoriesGroup'), colors: t('search.colorsGroup') };
  const groups = (['products', 'categories', 'colors', 'all'] as const).map((group) => ({
    group,
    entries: options.map((option, index) => ({ option, index })).filter(({ option }) => option.group === group),
  }));

  return (
    <Form
      role="search"
      method="get"
      action={`/${lang}/search`}
      onSubmit={close}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
      className={`${shown ? 'flex' : 'hidden'} relative order-last min-w-0 flex-1 basis-full items-center gap-2 pb-2 lg:order-none lg:flex lg:max-w-xs lg:basis-auto lg:pb-0`}
    >
      <label htmlFor="site-search" className="sr-only">
        {t('header.searchLabel')}
      </label>
      <input
        id="site-search"
        type="search"
        name="q"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={t('header.searchPlaceholder')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        maxLength={200}
        className="min-w-0 flex-1 rounded border border-stone-300 px-3 py-1.5"
      />
      <span id={`${id}-hint`} className="sr-only">
        {t('search.hint')}
      </span>
      <button type="submit" className="rounded bg-stone-900 px-3 py-1.5 text-white">
        {t('header.search')}
      </button>
      <div
        id={`${id}-listbox`}
        role="listbox"
        aria-label={t('search.suggestions')}
        hidden={!expanded}
        className="absolute left-0 top-full z-40 mt-1 w-full min-w-72 rounded border border-stone-200 bg-white py-2 shadow-lg sm:w-96"
      >
        {list?.corrected ? (
          <p role="presentation" className="px-3 pb-1 text-sm text-stone-600">
            {t('search.correctedTo', { q: list.corrected })}
          </p>
        ) : null}
        {groups.map(({ group, entries }) => {
          if (entries.length === 0) return null;
          const rows = entries.map(({ option, index }) => (
            <div
              key={option.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Keeps the focus in the box, so the list does not close before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(option)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-1.5 ${index === active ? 'bg-stone-200' : 'hover:bg-stone-100'}`}
            >
              {option.content}
            </div>
          ));
          if (group === 'all') return <div key={group} className="mt-1 border-t border-stone-200 pt-1">{rows}</div>;
          return (
            <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
              <div id={`${id}-${group}`} role="presentation" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-stone-600">
                {groupLabel[group]}
              </div>
              {rows}
            </div>
          );
        })}
      </div>
      <div role="status" aria-live="polite" className="sr-only">
        {expanded ? t('search.suggestionCount', { count: suggestionCount }) : ''}
      </div>
    </Form>
  );
}
