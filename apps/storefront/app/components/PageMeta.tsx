import { useTranslation } from '~/i18n/use-translation';

type Props = {
  title: string;
  description?: string;
  noIndex?: boolean;
  /** The title already names the shop (home page): no ' | shop name' after it. */
  standalone?: boolean;
};

/** The page's title and description (React 19 places them in the document head). */
export function PageMeta({ title, description, noIndex, standalone }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <title>{standalone ? title : `${title} | ${t('site.name')}`}</title>
      {description ? <meta name="description" content={description} /> : null}
      {noIndex ? <meta name="robots" content="noindex" /> : null}
    </>
  );
}
