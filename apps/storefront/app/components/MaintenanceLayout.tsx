import { useTranslation } from '~/i18n/use-translation';

/** Replaces the default layout when the shop cannot be used (maintenance, API down): no menu, no links into the shop. */
export function MaintenanceLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <header className="border-b border-stone-200">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xl font-semibold tracking-tight">{t('site.name')}</p>
      </header>
      <main id="main">{children}</main>
    </>
  );
}
