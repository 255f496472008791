import { Link, useSearchParams } from 'react-router';
import { ShopForm } from '~/components/forms/ShopForm';
import { Screen } from '~/components/Screen';
import { useLocalePath } from '~/lib/hooks';

type Props = {
  title: string;
  /** The introduction when the link carries its token, and the explanation when it does not. */
  intro: string;
  missingToken: string;
  formProps: Omit<React.ComponentProps<typeof ShopForm>, 'children'>;
  /** The form's fields and button; the token goes with them. */
  children: React.ReactNode;
  /** Where to ask for a new link, and its label. */
  againPath: string;
  againLabel: string;
};

/** The screen a link of the shop's mails opens (confirm the account, set a new password): its form carries the link's token. */
export function MailedLinkScreen({ title, intro, missingToken, formProps, children, againPath, againLabel }: Props) {
  const localePath = useLocalePath();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <Screen title={title} intro={token ? intro : missingToken}>
      <div className="mt-6 max-w-md">
        {token ? (
          <ShopForm {...formProps}>
            <input type="hidden" name="token" value={token} />
            {children}
          </ShopForm>
        ) : null}
        <p className="mt-6">
          <Link to={localePath(againPath)} className="underline">
            {againLabel}
          </Link>
        </p>
      </div>
    </Screen>
  );
}
