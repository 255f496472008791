import { useTranslation } from '~/i18n/use-translation';
import { NavLink } from 'react-router';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { Screen } from '~/components/Screen';
import { useLocalePath } from '~/lib/hooks';

const SECTIONS = [
  ['', 'account.profile'],
  ['/addresses', 'account.addresses'],
  ['/orders', 'account.orders'],
] as const;

/** The frame of every my-account screen: its title, the account's sections and the sign-out button. */
export function AccountScreen({ title, children }: { title: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const logout = useFormPost({ id: 'logout' });
  const localePath = useLocalePath();
  return (
    <Screen title={title}>
      <nav aria-labelledby="screen-title" className="mt-6 flex flex-wrap items-center justify-between gap-4 border-b border-stone-200 pb-4">
        <ul className="flex gap-6">
          {SECTIONS.map(([path, label]) => (
            <li key={path}>
              <NavLink to={localePath(`/my-account${path}`)} end className="hover:underline aria-[current=page]:font-semibold aria-[current=page]:underline">
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <PostForm post={logout} action={localePath('/logout')}>
          <button type="submit" aria-busy={logout.busy || undefined} className="underline">
            {t('account.logout')}
          </button>
        </PostForm>
      </nav>
      <div className="mt-8">{children}</div>
    </Screen>
  );
}
