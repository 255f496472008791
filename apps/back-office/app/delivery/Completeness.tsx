import { useTranslation } from 'react-i18next';

/** A page's per-language completeness: each shop language marked complete or missing, in words, not colour alone. */
export function Completeness({ complete, missing }: { complete: string[]; missing: string[] }) {
  const { t } = useTranslation();
  if (missing.length === 0) return <p className="text-sm text-green-900">✓ {t('pages.allComplete')}</p>;
  return (
    <ul className="flex flex-wrap gap-2 text-sm">
      {complete.map((lang) => (
        <li key={lang} className="rounded border border-green-700 px-2 py-0.5 text-green-900">
          ✓ {t(`pages.langs.${lang}`)}: {t('pages.complete')}
        </li>
      ))}
      {missing.map((lang) => (
        <li key={lang} className="rounded border border-red-800 px-2 py-0.5 text-red-900">
          ✗ {t(`pages.langs.${lang}`)}: {t('pages.missing')}
        </li>
      ))}
    </ul>
  );
}
