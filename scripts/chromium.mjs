import { existsSync } from 'node:fs';

/**
 * Debian's Chromium (apt-get install chromium) as the tests and benches start it: its binary, not the
 * /usr/bin/chromium wrapper, which adds the desktop flags of /etc/chromium.d (GPU rasterisation among them) to a
 * headless browser on a machine without a GPU. Through the wrapper the end-to-end tests took more CPU and some clicks
 * hung until their test timed out (docs/adr/0068-chromium-binary-and-traces-on-retry.md).
 */
export const CHROMIUM_PATH = existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : '/usr/bin/chromium';
