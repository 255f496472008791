/**
 * Draws the demo catalogue's product pictures: `/media/{figure}-{texture}-{hex6}-{view}.svg` becomes a flat
 * sketch of that cut (figures.ts) in that colour, with its material's texture. View 1 is the front, view 2 the
 * back, slightly turned, view 3 a close detail of the front. Pure string building, so it runs on the server and
 * in tests alike.
 */

import { FIGURES, GARMENTS, PLACEHOLDER_IMAGE_URL, TEXTURES, type Figure, type Garment, type Texture } from '@shop/contract/garments';
import { FIGURE_DRAWINGS } from './figures.ts';

const WIDTH = 600;
const HEIGHT = 800;
const FILE_NAME = /^([a-z_]+)-([a-z]+)-([0-9a-f]{6})-([123])\.svg$/;
/**
 * The addresses of the first pictures (`{garment}-{hex6}-{view}.svg`, one drawing per kind of garment), still in
 * the order lines written before cuts and textures: each kind is drawn as its first cut, plain.
 */
const GARMENT_FILE_NAME = /^([a-z]+)-([0-9a-f]{6})-([12])\.svg$/;
const FIRST_CUT: Record<Garment, Figure> = {
  dress: 'dress_midi',
  shirt: 'shirt',
  tshirt: 'tshirt',
  trousers: 'trousers_straight',
  skirt: 'skirt_midi',
  knit: 'jumper',
  jacket: 'blazer',
  coat: 'trench',
  shoes: 'sneakers',
  pyjamas: 'pyjamas',
  scarf: 'scarf',
};
const LINING = '#f7f4ee';

/** The picture of a product without one of its own, and of any picture that cannot be drawn: an empty hanger. */
const PLACEHOLDER_FILE = PLACEHOLDER_IMAGE_URL.split('/').pop();
export const PLACEHOLDER_SVG = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
  `<rect width="${WIDTH}" height="${HEIGHT}" fill="${LINING}"/>`,
  '<path d="M300 300a28 28 0 1 1 28-28M300 300V322L140 430H460L300 322" fill="none" stroke="#a8a29e" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>',
  '</svg>',
].join('');

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
/** `amount` of the way from `from` to `to`. */
const mix = (from: Rgb, to: Rgb, amount: number): string => toHex(from.map((c, i) => c + (to[i]! - c) * amount) as Rgb);
const luminance = ([r, g, b]: Rgb) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const PAPER: Rgb = [236, 232, 225];

function palette(hex: string) {
  const rgb = toRgb(hex);
  const dark = luminance(rgb) < 0.2;
  return {
    fill: `#${hex}`,
    // Dark garments get a lighter outline, the others a darker one, so that seams always show.
    outline: dark ? mix(rgb, WHITE, 0.4) : mix(rgb, BLACK, 0.45),
    shade: dark ? mix(rgb, WHITE, 0.15) : mix(rgb, BLACK, 0.25),
    background: mix(rgb, PAPER, 0.9),
    halo: mix(rgb, PAPER, 0.8),
  };
}

const path = (d: string, fill: string) => `<path d="${d}" fill="${fill}"/>`;

/**
 * A material's look as an SVG paint laid over the garment (`url(#texture)`), drawn in the garment's outline
 * colour so that it shows on light and dark cloth alike; plain cloth has none.
 */
function texturePaint(texture: Texture, ink: string): string {
  const pattern = (size: number, body: string, extra = '') =>
    `<pattern id="texture" width="${size}" height="${size}" patternUnits="userSpaceOnUse"${extra}>${body}</pattern>`;
  const strokes = (d: string, opacity: number, width = 2) => `<path d="${d}" fill="none" stroke="${ink}" stroke-opacity="${opacity}" stroke-width="${width}"/>`;
  switch (texture) {
    case 'twill':
      return pattern(9, strokes('M0 0V9', 0.28, 2), ' patternTransform="rotate(40)"');
    case 'wales':
      return pattern(9, strokes('M4 0V9', 0.3, 3.5));
    case 'slub':
      return pattern(40, strokes('M0 5H13M19 13H31M33 27H40M3 33H15M22 38H29', 0.22, 1.5));
    case 'knit':
      return pattern(12, strokes('M0 2L6 10L12 2', 0.25, 1.5));
    case 'check':
      return pattern(64, `<rect width="22" height="64" fill="${ink}" fill-opacity="0.16"/><rect width="64" height="22" fill="${ink}" fill-opacity="0.16"/>${strokes('M44 0V64M0 44H64', 0.3, 1.5)}`);
    case 'weave':
      return pattern(8, strokes('M0 4H8M4 0V8', 0.18, 1.2));
    case 'nap':
      return pattern(7, `<circle cx="3" cy="3" r="1" fill="${ink}" fill-opacity="0.3"/>`);
    case 'sheen':
      return '<linearGradient id="texture" x1="0" y1="0" x2="1" y2="1"><stop offset="0.25" stop-color="#fff" stop-opacity="0"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.3"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/></linearGradient>';
    case 'gloss':
      return '<radialGradient id="texture" cx="0.35" cy="0.3" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.38"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>';
    case 'plain':
      return '';
  }
}

type Picture = { figure: Figure; texture: Texture; hex: string; view: '1' | '2' | '3' };

/** What a file name asks for: a cut, a texture, a colour and a view; null when it names no picture this shop draws. */
function readFileName(fileName: string): Picture | null {
  const match = FILE_NAME.exec(fileName);
  if (match) {
    const [, figure = '', texture = '', hex = '', view] = match;
    if (!Object.hasOwn(FIGURES, figure) || !(TEXTURES as readonly string[]).includes(texture)) return null;
    return { figure: figure as Figure, texture: texture as Texture, hex, view: view as Picture['view'] };
  }
  const first = GARMENT_FILE_NAME.exec(fileName);
  if (!first || !(GARMENTS as readonly string[]).includes(first[1]!)) return null;
  return { figure: FIRST_CUT[first[1] as Garment], texture: 'plain', hex: first[2]!, view: first[3] as Picture['view'] };
}

/** The SVG for a media file name such as `dress_wrap-sheen-1f3a5c-1.svg`, or null when the name is not one. */
export function renderGarmentSvg(fileName: string): string | null {
  if (fileName === PLACEHOLDER_FILE) return PLACEHOLDER_SVG;
  const picture = readFileName(fileName);
  if (!picture) return null;
  const drawing = FIGURE_DRAWINGS[picture.figure];
  const colours = palette(picture.hex);
  const isBack = picture.view === '2';
  const texture = texturePaint(picture.texture, colours.outline);

  const details = [...drawing.lines, ...(isBack ? drawing.back : drawing.front)];
  // The back view is drawn slightly turned, as if the garment hung at an angle.
  const transform = [isBack ? 'rotate(-3 300 420) translate(18 0) scale(0.94 1)' : '', drawing.frame?.transform ?? ''].join(' ').trim();
  const groundY = drawing.frame?.groundY ?? 748;
  // The detail view is the front seen from twice as close, around the drawing's detail point, kept on the canvas.
  const [focusX, focusY] = drawing.detail ?? [300, 300];
  const viewBox =
    picture.view === '3'
      ? `${Math.min(Math.max(focusX - WIDTH / 4, 0), WIDTH / 2)} ${Math.min(Math.max(focusY - HEIGHT / 4, 0), HEIGHT / 2)} ${WIDTH / 2} ${HEIGHT / 2}`
      : `0 0 ${WIDTH} ${HEIGHT}`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="${viewBox}">`,
    texture ? `<defs>${texture}</defs>` : '',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${colours.background}"/>`,
    `<circle cx="300" cy="390" r="260" fill="${colours.halo}"/>`,
    `<ellipse cx="300" cy="${groundY}" rx="200" ry="16" fill="#000" fill-opacity="0.08"/>`,
    `<g${transform ? ` transform="${transform}"` : ''} stroke="${colours.outline}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">`,
    ...drawing.shapes.map((d) => path(d, colours.fill)),
    // The cloth's texture over the silhouette (the outline is drawn again by the next shapes and the details).
    texture ? `<g stroke="none">${drawing.shapes.map((d) => path(d, 'url(#texture)')).join('')}</g>` : '',
    ...(drawing.trims ?? []).map((d) => path(d, LINING)),
    drawing.neck ? path(drawing.neck, isBack ? colours.fill : colours.shade) : '',
    drawing.opening && !isBack ? path(drawing.opening.d, drawing.opening.fill === 'light' ? LINING : colours.shade) : '',
    `<g fill="none" stroke-width="3">${details.map((d) => `<path d="${d}"/>`).join('')}</g>`,
    '</g>',
    '</svg>',
  ].join('');
}
