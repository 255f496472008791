/** Debian's Chromium binary (scripts/chromium.mjs). */
export declare const CHROMIUM_PATH: string;
