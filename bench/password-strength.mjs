// The password strength estimate's worst case per text language, on the first 16, 24 and 32 characters of
// hostile 128-character passwords: how STRENGTH_PREFIX_LENGTH (apps/shop-api/src/accounts/password-strength.ts)
// was chosen. Runs the estimate as the API's worker threads do, here on the main thread, best of three runs.
// Usage: node bench/password-strength.mjs
import score from '../apps/shop-api/src/accounts/password-strength-worker.mjs';

const PATTERNS = {
  digits: '1234567890',
  dates: '19901231',
  ones: '1111',
  words: 'passwordpassword',
  mixed: 'Password1!',
  l33t: '4@1!3$05|7+9',
  a: 'a',
  random: 'x#9Kq!2mZ$',
  keyboard: 'qwertyuiop',
  symbols: '!@#$%^&*()',
};
const LANGS = ['en', 'fr', 'it', 'es', 'de', 'pl'];
const userInputs = ['someone.long.name@example.com', 'Ada', 'Lovelace'];

for (const prefix of [16, 24, 32]) {
  const worst = [];
  for (const lang of LANGS) {
    await score({ password: 'warm-up', lang, userInputs });
    let slowest = { name: '', ms: 0 };
    for (const [name, base] of Object.entries(PATTERNS)) {
      const password = base.repeat(128).slice(0, prefix);
      let best = Infinity;
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        await score({ password, lang, userInputs });
        best = Math.min(best, performance.now() - started);
      }
      if (best > slowest.ms) slowest = { name, ms: best };
    }
    worst.push(`${lang} ${slowest.ms.toFixed(0)} ms (${slowest.name})`);
  }
  console.log(`first ${prefix} characters: ${worst.join(', ')}`);
}
