import { PASSWORD_STRENGTHS, type PasswordStrength, type TextLang } from '@shop/contract';
import { ZxcvbnFactory, type OptionsDictionary } from '@zxcvbn-ts/core';

type LanguagePack = { dictionary: OptionsDictionary };

/** zxcvbn's word lists per text language; each is large, so it is loaded the first time its language is asked for. */
const LANGUAGE_PACKS: Record<TextLang, () => Promise<LanguagePack>> = {
  en: () => import('@zxcvbn-ts/language-en'),
  fr: () => import('@zxcvbn-ts/language-fr'),
  it: () => import('@zxcvbn-ts/language-it'),
  es: () => import('@zxcvbn-ts/language-es-es'),
  de: () => import('@zxcvbn-ts/language-de'),
  pl: () => import('@zxcvbn-ts/language-pl'),
};

const estimators = new Map<TextLang, Promise<ZxcvbnFactory>>();

/** One estimator per language (the common password lists plus that language's words), built once and kept. */
function estimator(lang: TextLang): Promise<ZxcvbnFactory> {
  let built = estimators.get(lang);
  if (!built) {
    built = Promise.all([import('@zxcvbn-ts/language-common'), LANGUAGE_PACKS[lang]()]).then(
      ([common, language]) =>
        new ZxcvbnFactory({
          dictionary: { ...common.dictionary, ...language.dictionary },
          graphs: common.adjacencyGraphs,
          // Also catches near misses of listed passwords ('Passw0rd1').
          useLevenshteinDistance: true,
        }),
    );
    estimators.set(lang, built);
  }
  return built;
}

export type Strength = { score: 0 | 1 | 2 | 3 | 4; strength: PasswordStrength };

/**
 * How hard the password is to guess, from 0 (very weak) to 4 (strong). `userInputs` are words the password
 * should not lean on: the customer's own email and names.
 */
export async function passwordStrength(password: string, lang: TextLang, userInputs: string[] = []): Promise<Strength> {
  const { score } = (await estimator(lang)).check(password, userInputs);
  return { score, strength: PASSWORD_STRENGTHS[score] };
}
