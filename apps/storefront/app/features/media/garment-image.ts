/**
 * Draws the demo catalogue's product pictures: `/media/{garment}-{hex6}-{view}.svg` becomes a flat
 * sketch of the garment in that colour. View 1 is the front, view 2 the back, slightly turned.
 * Pure string building, so it runs on the server and in tests alike.
 */

import { GARMENTS, PLACEHOLDER_IMAGE_URL, type Garment } from '@shop/contract/garments';

const WIDTH = 600;
const HEIGHT = 800;
const FILE_NAME = /^([a-z]+)-([0-9a-f]{6})-([12])\.svg$/;
const LINING = '#f7f4ee';

/** The picture of a product without one of its own, and of any picture that cannot be drawn: an empty hanger. */
const PLACEHOLDER_FILE = PLACEHOLDER_IMAGE_URL.split('/').pop();
export const PLACEHOLDER_SVG = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
  `<rect width="${WIDTH}" height="${HEIGHT}" fill="${LINING}"/>`,
  '<path d="M300 300a28 28 0 1 1 28-28M300 300V322L140 430H460L300 322" fill="none" stroke="#a8a29e" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>',
  '</svg>',
].join('');

type Drawing = {
  /** The silhouette, filled with the garment's colour. */
  shapes: string[];
  /** The front neckline's opening: the inside shows from the front; from the back, the higher back neckline closes it. */
  neck?: string;
  /** An open front (jacket, coat) showing what is worn under it: front view only. */
  opening?: { d: string; fill: 'shade' | 'light' };
  /** Moves a drawing that is not garment-shaped (shoes) into the picture, and where its shadow falls. */
  frame?: { transform: string; groundY: number };
  /** Parts in a light neutral colour whatever the garment's colour (soles). */
  trims?: string[];
  /** Seams and details: on both views, the front only, the back only. */
  lines: string[];
  front: string[];
  back: string[];
};

/** A circle as path data, for buttons and eyelets. */
function dot(cx: number, cy: number, r = 6): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
}

/** Short vertical strokes, like the ribbing of a knitted hem. */
function ribs(fromX: number, toX: number, top: number, bottom: number, step = 12): string {
  const strokes: string[] = [];
  for (let x = fromX; x <= toX; x += step) strokes.push(`M${x} ${top}V${bottom}`);
  return strokes.join('');
}

/** A cable-knit twist running down at x. */
function cable(x: number, top: number, bottom: number, pitch = 50): string {
  let d = `M${x} ${top}`;
  for (let y = top, side = 1; y < bottom; y += pitch, side = -side) {
    d += `Q${x + side * 16} ${y + pitch / 2} ${x} ${y + pitch}`;
  }
  return d;
}

const DRAWINGS: Record<Garment, Drawing> = {
  dress: {
    shapes: ['M238 110L268 110Q300 165 332 110L362 110Q350 210 378 250Q386 290 372 322L472 690Q300 728 128 690L228 322Q214 290 222 250Q250 210 238 110Z'],
    neck: 'M268 110Q300 165 332 110Q300 128 268 110Z',
    lines: ['M228 322Q300 342 372 322'],
    front: ['M262 345Q250 520 220 705', 'M338 345Q350 520 380 705', 'M300 345V712'],
    back: ['M300 128V330', dot(300, 140, 5), 'M300 345V712'],
  },
  shirt: {
    shapes: ['M262 118L200 148L142 330L118 560L168 572L206 345L210 642Q300 660 390 642L394 345L432 572L482 560L458 330L400 148L338 118Q300 136 262 118Z'],
    neck: 'M262 118Q300 136 338 118Q300 106 262 118Z',
    lines: ['M122 532L172 544', 'M478 532L428 544'],
    front: [
      'M262 118L282 170L300 150L318 170L338 118',
      'M300 150V650',
      ...[205, 275, 345, 415, 485, 555].map((y) => dot(300, y, 5)),
      'M222 230H272V285H222Z',
    ],
    back: ['M204 205Q300 222 396 205', 'M300 214V262', 'M262 118Q300 150 338 118'],
  },
  tshirt: {
    shapes: ['M255 128L190 152L108 250L162 300L205 262L210 632Q300 646 390 632L395 262L438 300L492 250L410 152L345 128Q300 170 255 128Z'],
    neck: 'M255 128Q300 170 345 128Q300 142 255 128Z',
    lines: ['M122 238L174 286', 'M478 238L426 286', 'M212 612Q300 626 388 612'],
    front: ['M262 134Q300 180 338 134'],
    back: ['M258 130Q300 156 342 130'],
  },
  trousers: {
    shapes: ['M198 110L402 110L432 700L320 700L300 310L280 700L168 700Z'],
    lines: ['M200 150H400', 'M240 110V150', 'M360 110V150', 'M176 672H282', 'M318 672H424'],
    front: ['M300 150V300', 'M300 280Q324 270 324 160', dot(300, 130), 'M266 150Q262 205 210 215', 'M334 150Q338 205 390 215', 'M240 300L226 695', 'M360 300L374 695'],
    back: ['M300 110V310', 'M222 185H282V240L252 254L222 240Z', 'M318 185H378V240L348 254L318 240Z'],
  },
  skirt: {
    shapes: ['M215 170L385 170L470 610Q300 640 130 610Z'],
    lines: ['M209 205H391', 'M142 580Q300 608 458 580'],
    front: ['M250 205L205 622', 'M300 205V625', 'M350 205L395 622', dot(360, 188)],
    back: ['M300 172V330', dot(300, 186, 5), 'M300 330V625'],
  },
  knit: {
    shapes: ['M255 124L186 158L136 330L120 582L176 588L210 360L206 640L394 640L390 360L424 588L480 582L464 330L414 158L345 124Q300 168 255 124Z'],
    neck: 'M255 124Q300 168 345 124Q300 138 255 124Z',
    lines: ['M207 606H393', ribs(218, 384, 612, 636), 'M123 552L178 560', 'M477 552L422 560'],
    front: ['M266 126Q300 186 334 126', cable(300, 196, 586), cable(250, 196, 586), cable(350, 196, 586)],
    back: ['M262 126Q300 152 338 126'],
  },
  jacket: {
    shapes: ['M258 118L178 146L130 330L112 582L168 592L204 352L200 652L400 652L396 352L432 592L488 582L470 330L422 146L342 118Z'],
    opening: { d: 'M262 120L300 300L338 120Q300 136 262 120Z', fill: 'light' },
    lines: ['M116 556L170 566', 'M484 556L430 566'],
    front: [
      'M262 120L238 210L262 214L300 330',
      'M338 120L362 210L338 214L300 330',
      'M300 330V652',
      dot(300, 390),
      dot(300, 450),
      'M222 500H282',
      'M318 500H378',
      'M322 250L362 246',
    ],
    back: ['M250 124Q300 152 350 124', 'M300 140V560L312 652'],
  },
  coat: {
    shapes: ['M258 106L180 136L132 320L110 566L166 576L202 340L186 732L414 732L398 340L434 576L490 566L468 320L420 136L342 106Z'],
    opening: { d: 'M262 108L300 250L338 108Q300 124 262 108Z', fill: 'shade' },
    lines: ['M196 440H404', 'M195 470H405', 'M114 540L168 550', 'M486 540L432 550'],
    front: [
      'M262 108L226 220L258 226L300 300',
      'M338 108L374 220L342 226L300 300',
      'M300 300L340 320V732',
      ...[350, 520, 590].flatMap((y) => [dot(272, y), dot(328, y)]),
      'M286 430H314V480H286Z',
      'M216 560L262 540',
      'M384 560L338 540',
    ],
    back: ['M250 112Q300 142 350 112', 'M300 126V440', 'M300 470V620L312 732'],
  },
  shoes: {
    // Drawn around (311, 510): scaled up and lifted to the middle of the picture.
    frame: { transform: 'translate(300 430) scale(1.1) translate(-311 -510)', groundY: 575 },
    shapes: ['M110 560L128 440Q136 410 170 408L245 410Q285 414 305 440L420 500Q500 515 512 560Z'],
    trims: ['M96 560H522Q534 560 532 580L528 608Q524 624 506 624H112Q92 624 90 604L92 574Q94 560 96 560Z'],
    lines: ['M100 592H528'],
    front: [
      'M245 410Q250 392 275 395L300 438',
      'M255 424L290 436',
      'M275 444L310 456',
      'M295 464L330 476',
      'M315 484L350 496',
      'M420 500Q440 540 512 560',
    ],
    back: ['M112 548L126 452Q170 470 178 560', 'M128 440L118 402H138L144 428', 'M150 530Q320 548 500 540'],
  },
  pyjamas: {
    shapes: [
      'M255 110L195 136L140 292L186 312L216 232L216 420L384 420L384 232L414 312L460 292L405 136L345 110Q300 150 255 110Z',
      'M226 440L374 440L396 722L316 722L300 520L284 722L204 722Z',
    ],
    neck: 'M255 110Q300 150 345 110Q300 124 255 110Z',
    lines: ['M227 462H373', 'M206 702H284', 'M316 702H394', 'M148 272L192 292', 'M452 272L408 292', 'M216 400H384'],
    front: ['M300 130V420', ...[170, 230, 290, 350].map((y) => dot(300, y, 5)), 'M232 200H272V236H232Z'],
    back: ['M300 462V520', 'M258 112Q300 136 342 112'],
  },
  scarf: {
    // Hung round a neck: the loop, then two tails of different lengths, fringed.
    shapes: ['M196 150Q300 104 404 150L392 206Q300 170 208 206Z', 'M222 188L300 200L294 640L214 628Z', 'M312 198L388 184L404 570L326 582Z'],
    lines: [ribs(218, 290, 634, 676, 10), ribs(330, 400, 580, 620, 10), 'M218 586L296 598', 'M328 540L402 528'],
    front: ['M300 176Q306 190 300 204'],
    back: ['M232 168Q300 150 368 168'],
  },
};

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

/** The SVG for a media file name such as `dress-1f3a5c-1.svg`, or null when the name is not one. */
export function renderGarmentSvg(fileName: string): string | null {
  if (fileName === PLACEHOLDER_FILE) return PLACEHOLDER_SVG;
  const match = FILE_NAME.exec(fileName);
  if (!match) return null;
  const [, garment = '', hex = '', view] = match;
  if (!(GARMENTS as readonly string[]).includes(garment)) return null;
  const drawing = DRAWINGS[garment as Garment];
  const colours = palette(hex);
  const isBack = view === '2';

  const details = [...drawing.lines, ...(isBack ? drawing.back : drawing.front)];
  // The back view is drawn slightly turned, as if the garment hung at an angle.
  const transform = [isBack ? 'rotate(-3 300 420) translate(18 0) scale(0.94 1)' : '', drawing.frame?.transform ?? ''].join(' ').trim();
  const groundY = drawing.frame?.groundY ?? 748;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${colours.background}"/>`,
    `<circle cx="300" cy="390" r="260" fill="${colours.halo}"/>`,
    `<ellipse cx="300" cy="${groundY}" rx="200" ry="16" fill="#000" fill-opacity="0.08"/>`,
    `<g${transform ? ` transform="${transform}"` : ''} stroke="${colours.outline}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">`,
    ...drawing.shapes.map((d) => path(d, colours.fill)),
    ...(drawing.trims ?? []).map((d) => path(d, LINING)),
    drawing.neck ? path(drawing.neck, isBack ? colours.fill : colours.shade) : '',
    drawing.opening && !isBack ? path(drawing.opening.d, drawing.opening.fill === 'light' ? LINING : colours.shade) : '',
    `<g fill="none" stroke-width="3">${details.map((d) => `<path d="${d}"/>`).join('')}</g>`,
    '</g>',
    '</svg>',
  ].join('');
}
