import type { FieldMetadata } from '@conform-to/react';
import { NEWSLETTER_INTERESTS } from '@shop/contract/account';
import { useTranslation } from '~/i18n/use-translation';
import { CheckboxField, ChoiceGroup } from '~/components/forms/fields';

type Props = {
  newsletter: FieldMetadata<unknown>;
  interests: FieldMetadata<unknown>;
  /** Validates one field by name as it changes. */
  validate: (name: string) => void;
};

/**
 * The newsletter box and its topics (registration, profile). The topics show only once the box is ticked, by CSS
 * (`.newsletter-choice` in app.css), so it works the same without JavaScript.
 */
export function NewsletterFields({ newsletter, interests, validate }: Props) {
  const { t } = useTranslation();
  return (
    <div className="newsletter-choice space-y-4">
      <CheckboxField field={newsletter} label={t('auth.newsletter')} onValidate={() => validate(newsletter.name)} />
      <div className="newsletter-topics">
        <ChoiceGroup
          field={interests}
          legend={t('auth.newsletterInterests')}
          type="checkbox"
          options={NEWSLETTER_INTERESTS.map((interest) => ({ value: interest, label: t(`auth.interests.${interest}`) }))}
          onValidate={() => validate(interests.name)}
        />
      </div>
    </div>
  );
}
