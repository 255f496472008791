// The password strength estimate, run in a worker thread of the pool in password-strength.ts so that its
// CPU time never blocks the API's event loop. Plain JavaScript: Node loads it as it is, from src/ and dist/.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** zxcvbn's word lists per text language; each is large, so it is loaded the first time its language is asked for. */
const LANGUAGE_PACKS = {
  en: () => import('@zxcvbn-ts/language-en'),
  fr: () => import('@zxcvbn-ts/language-fr'),
  it: () => import('@zxcvbn-ts/language-it'),
  es: () => import('@zxcvbn-ts/language-es-es'),
  de: () => import('@zxcvbn-ts/language-de'),
  pl: () => import('@zxcvbn-ts/language-pl'),
};

const estimators = new Map();

/** One estimator per language (the common password lists plus that language's words), built once per thread. */
function estimator(lang) {
  let built = estimators.get(lang);
  if (!built) {
    built = Promise.all([import('@zxcvbn-ts/language-common'), LANGUAGE_PACKS[lang]()]).then(
      ([common, language]) =>
        new ZxcvbnFactory({
          dictionary: { ...common.dictionary, ...language.dictionary },
          graphs: common.adjacencyGraphs,
          // No Levenshtein matching: it compares the password with every word of every list on each check,
          // 0.2 to 9 seconds of CPU whatever the length. Listed words in l33t spelling ('Passw0rd') are still found.
          useLevenshteinDistance: false,
        }),
    );
    estimators.set(lang, built);
  }
  return built;
}

/** The zxcvbn score (0–4) of a password, which the caller has already cut to the estimate's prefix. */
export default async function score({ password, lang, userInputs }) {
  return (await estimator(lang)).check(password, userInputs).score;
}
