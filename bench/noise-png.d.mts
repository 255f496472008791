/** A PNG of random RGB pixels, about width × height × 3 bytes (noise-png.mjs). */
export function noisePng(width: number, height: number): Buffer;
