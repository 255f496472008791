/**
 * The drawings of the demo catalogue's cuts (FIGURES in the contract), on a 600 × 800 canvas: one per style, so a
 * wrap dress has its wrap and tie, ankle boots their shaft, joggers their cuffs. Path data only; garment-image.ts
 * colours them, lays the material's texture over them and frames the view.
 */
import type { Figure } from '@shop/contract/garments';

export type Drawing = {
  /** The silhouette, filled with the garment's colour (later shapes over earlier ones). */
  shapes: string[];
  /** The front neckline's opening: the inside shows from the front; from the back, the higher back neckline closes it. */
  neck?: string;
  /** An open front (jacket, coat, cardigan) showing what is worn under it: front view only. */
  opening?: { d: string; fill: 'shade' | 'light' };
  /** Moves a drawing that is not garment-shaped (shoes) into the picture, and where its shadow falls. */
  frame?: { transform: string; groundY: number };
  /** Parts in a light neutral colour whatever the garment's colour (soles). */
  trims?: string[];
  /** Seams and details: on both views, the front only, the back only. */
  lines: string[];
  front: string[];
  back: string[];
  /** The middle of the detail view (view 3), in the picture's coordinates (after `frame`): what is worth a close look. */
  detail?: [number, number];
};

/** A circle as path data, for buttons and eyelets. */
export function dot(cx: number, cy: number, r = 6): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
}

/** Short vertical strokes, like the ribbing of a knitted hem or cuff. */
export function ribs(fromX: number, toX: number, top: number, bottom: number, step = 12): string {
  const strokes: string[] = [];
  for (let x = fromX; x <= toX; x += step) strokes.push(`M${x} ${top}V${bottom}`);
  return strokes.join('');
}

/** Horizontal lines across a span, like the quilting of a padded jacket. */
function rows(fromX: number, toX: number, top: number, bottom: number, step: number): string[] {
  const lines: string[] = [];
  for (let y = top; y <= bottom; y += step) lines.push(`M${fromX} ${y}H${toX}`);
  return lines;
}

/** A cable-knit twist running down at x. */
function cable(x: number, top: number, bottom: number, pitch = 50): string {
  let d = `M${x} ${top}`;
  for (let y = top, side = 1; y < bottom; y += pitch, side = -side) {
    d += `Q${x + side * 16} ${y + pitch / 2} ${x} ${y + pitch}`;
  }
  return d;
}

/** Pleats fanning out from a waist to a hem. */
function pleats(count: number, waistY: number, waistHalf: number, hemY: number, hemHalf: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const share = (i + 1) / (count + 1) - 0.5;
    return `M${300 + share * 2 * waistHalf} ${waistY}L${300 + share * 2 * hemHalf} ${hemY}`;
  });
}

/** A small bow (tie, blouse). */
const bow = (x: number, y: number) => [`M${x} ${y}q-36 -22 -38 6q0 24 38 2z`, `M${x} ${y}q36 -22 38 6q0 24 -38 2z`, `M${x - 4} ${y + 6}l-16 56`, `M${x + 4} ${y + 6}l16 56`];

// Silhouettes several cuts share.
const SHIRT = 'M262 118L200 148L142 330L118 560L168 572L206 345L210 642Q300 660 390 642L394 345L432 572L482 560L458 330L400 148L338 118Q300 136 262 118Z';
const SHIRT_NECK = 'M262 118Q300 136 338 118Q300 106 262 118Z';
const SHIRT_CUFFS = ['M122 532L172 544', 'M478 532L428 544'];
const TEE = 'M255 128L190 152L108 250L162 300L205 262L210 632Q300 646 390 632L395 262L438 300L492 250L410 152L345 128Q300 170 255 128Z';
const TEE_NECK = 'M255 128Q300 170 345 128Q300 142 255 128Z';
const KNIT = 'M255 124L186 158L136 330L120 582L176 588L210 360L206 640L394 640L390 360L424 588L480 582L464 330L414 158L345 124Q300 168 255 124Z';
const KNIT_NECK = 'M255 124Q300 168 345 124Q300 138 255 124Z';
const KNIT_HEM = ['M207 606H393', ribs(218, 384, 612, 636), 'M123 552L178 560', 'M477 552L422 560'];
const JACKET = 'M258 118L178 146L130 330L112 582L168 592L204 352L200 652L400 652L396 352L432 592L488 582L470 330L422 146L342 118Z';
const COAT = 'M258 106L180 136L132 320L110 566L166 576L202 340L186 732L414 732L398 340L434 576L490 566L468 320L420 136L342 106Z';
const COAT_CUFFS = ['M114 540L168 550', 'M486 540L432 550'];
const TROUSERS = 'M198 110L402 110L432 700L320 700L300 310L280 700L168 700Z';
const TROUSERS_FRONT = ['M300 150V300', 'M300 280Q324 270 324 160', dot(300, 130)];
const WAISTBAND = 'M200 150H400';
const SHOE_FRAME = { transform: 'translate(300 430) scale(1.1) translate(-311 -510)', groundY: 575 };
const SOLE = 'M96 560H522Q534 560 532 580L528 608Q524 624 506 624H112Q92 624 90 604L92 574Q94 560 96 560Z';

export const FIGURE_DRAWINGS: Record<Figure, Drawing> = {
  dress_midi: {
    shapes: ['M238 110L268 110Q300 165 332 110L362 110Q350 210 378 250Q386 290 372 322L472 690Q300 728 128 690L228 322Q214 290 222 250Q250 210 238 110Z'],
    neck: 'M268 110Q300 165 332 110Q300 128 268 110Z',
    lines: ['M228 322Q300 342 372 322'],
    front: ['M262 345Q250 520 220 705', 'M338 345Q350 520 380 705', 'M300 345V712'],
    back: ['M300 128V330', dot(300, 140, 5), 'M300 345V712'],
    detail: [300, 240],
  },
  dress_wrap: {
    shapes: [
      'M236 112L270 112L300 240L330 112L364 112L420 150L442 204L402 220L378 196Q358 232 378 264L470 690Q300 726 130 690L222 264Q242 232 222 196L198 220L158 204L180 150Z',
    ],
    neck: 'M270 112L300 240L330 112Q300 124 270 112Z',
    lines: ['M222 264Q300 282 378 264', 'M164 190L204 206', 'M436 190L396 206'],
    front: ['M270 112L376 300', 'M376 300Q392 500 436 700', ...bow(380, 282)],
    back: ['M300 126V264', 'M300 280V712'],
    detail: [350, 290],
  },
  dress_shirt: {
    shapes: ['M262 112L200 140L164 250L206 268L226 210L222 330L196 700Q300 722 404 700L378 330L374 210L394 268L436 250L400 140L338 112Q300 128 262 112Z'],
    neck: 'M262 112Q300 128 338 112Q300 100 262 112Z',
    lines: ['M222 330H378', 'M222 350H378', 'M288 326H312V354H288Z', 'M172 236L212 254', 'M428 236L388 254'],
    front: ['M262 112L282 160L300 142L318 160L338 112', 'M300 142V700', ...[180, 230, 280, 400, 460].map((y) => dot(300, y, 5))],
    back: ['M214 180Q300 196 386 180', 'M300 188V230'],
    detail: [300, 200],
  },
  dress_pinafore: {
    shapes: ['M236 110H262V240H236Z', 'M338 110H364V240H338Z', 'M226 236H374L384 330L452 620Q300 648 148 620L216 330Z'],
    lines: ['M216 330H384', 'M160 596Q300 622 440 596'],
    front: ['M262 262H338V310H262Z', 'M262 276H338', dot(249, 250), dot(351, 250)],
    back: ['M236 110L364 240', 'M364 110L236 240', 'M300 330V630'],
    detail: [300, 260],
  },
  nightdress: {
    shapes: ['M236 200Q300 232 364 200L372 262L440 700Q300 730 160 700L228 262Z'],
    lines: ['M250 120L258 206', 'M350 120L342 206', 'M228 262Q300 280 372 262', 'M164 676Q300 704 436 676'],
    front: [...bow(300, 224), 'M256 300Q246 500 216 690', 'M344 300Q354 500 384 690'],
    back: ['M300 218V700'],
    detail: [300, 240],
  },
  blouse: {
    shapes: [SHIRT],
    neck: SHIRT_NECK,
    lines: [...SHIRT_CUFFS, 'M124 520Q146 510 170 530', 'M476 520Q454 510 430 530'],
    front: [...bow(300, 140), 'M254 250Q300 264 346 250'],
    back: ['M204 205Q300 222 396 205', dot(300, 132, 5)],
    detail: [300, 170],
  },
  shirt: {
    shapes: [SHIRT],
    neck: SHIRT_NECK,
    lines: SHIRT_CUFFS,
    front: ['M262 118L282 170L300 150L318 170L338 118', 'M300 150V650', ...[205, 275, 345, 415, 485, 555].map((y) => dot(300, y, 5)), 'M222 230H272V285H222Z'],
    back: ['M204 205Q300 222 396 205', 'M300 214V262', 'M262 118Q300 150 338 118'],
    detail: [290, 200],
  },
  overshirt: {
    shapes: [SHIRT],
    neck: SHIRT_NECK,
    lines: [...SHIRT_CUFFS, 'M212 640Q300 656 388 640'],
    front: [
      'M262 118L282 170L300 150L318 170L338 118',
      'M300 150V650',
      ...[205, 290, 375, 460, 545].map((y) => dot(300, y, 6)),
      'M214 214H280V284H214Z',
      'M320 214H386V284H320Z',
      'M214 236H280L247 250Z',
      'M320 236H386L353 250Z',
    ],
    back: ['M204 205Q300 222 396 205', 'M300 214V262'],
    detail: [300, 250],
  },
  tshirt: {
    shapes: [TEE],
    neck: TEE_NECK,
    lines: ['M122 238L174 286', 'M478 238L426 286', 'M212 612Q300 626 388 612'],
    front: ['M262 134Q300 180 338 134'],
    back: ['M258 130Q300 156 342 130'],
    detail: [300, 200],
  },
  polo: {
    shapes: [TEE, 'M256 128L292 182L300 152Z', 'M344 128L308 182L300 152Z'],
    neck: TEE_NECK,
    lines: ['M122 238L174 286', 'M478 238L426 286', 'M212 612Q300 626 388 612'],
    front: ['M290 152H310V236H290Z', dot(300, 184, 4), dot(300, 214, 4)],
    back: ['M256 128Q300 150 344 128'],
    detail: [300, 190],
  },
  longsleeve: {
    shapes: [KNIT],
    neck: KNIT_NECK,
    lines: ['M208 620Q300 632 392 620', 'M124 556L178 564', 'M476 556L422 564'],
    front: ['M264 128Q300 176 336 128'],
    back: ['M260 126Q300 152 340 126'],
    detail: [300, 200],
  },
  trousers_straight: {
    shapes: [TROUSERS],
    lines: [WAISTBAND, 'M240 110V150', 'M360 110V150', 'M176 672H282', 'M318 672H424'],
    front: [...TROUSERS_FRONT, 'M266 150Q262 205 210 215', 'M334 150Q338 205 390 215', 'M240 300L226 695', 'M360 300L374 695'],
    back: ['M300 110V310', 'M222 185H282V240L252 254L222 240Z', 'M318 185H378V240L348 254L318 240Z'],
    detail: [300, 220],
  },
  trousers_wide: {
    shapes: ['M196 110L404 110L462 700L318 700L300 330L282 700L138 700Z'],
    lines: [WAISTBAND, 'M150 672H284', 'M316 672H450'],
    front: [...TROUSERS_FRONT, 'M266 150Q262 205 214 215', 'M334 150Q338 205 386 215', 'M236 300L210 695', 'M364 300L390 695'],
    back: ['M300 110V330', 'M226 190H278', 'M322 190H374'],
    detail: [300, 220],
  },
  trousers_slim: {
    shapes: ['M202 110L398 110L384 650L318 650L300 310L282 650L216 650Z'],
    lines: [WAISTBAND, 'M218 626H282', 'M318 626H382'],
    front: [...TROUSERS_FRONT, 'M262 150Q260 196 214 206', 'M338 150Q340 196 386 206', 'M250 300V645', 'M350 300V645'],
    back: ['M300 110V310', 'M230 190H278', 'M322 190H370'],
    detail: [300, 220],
  },
  trousers_jeans: {
    shapes: [TROUSERS],
    lines: [WAISTBAND, 'M240 110V150', 'M360 110V150', 'M176 672H282', 'M318 672H424'],
    front: [...TROUSERS_FRONT, 'M206 150Q250 170 262 150', 'M338 150Q350 170 394 150', 'M350 160H376V184H350Z', dot(262, 156, 3), dot(338, 156, 3)],
    back: ['M300 110V310', 'M204 168Q300 196 396 168', 'M218 200H278L272 262L248 272L224 262Z', 'M322 200H382L376 262L352 272L328 262Z'],
    detail: [300, 180],
  },
  trousers_pleated: {
    shapes: ['M196 110L404 110L448 700L318 700L300 320L282 700L152 700Z'],
    lines: [WAISTBAND, 'M162 672H284', 'M316 672H438'],
    front: [...TROUSERS_FRONT, 'M250 150L256 270', 'M262 150L266 240', 'M350 150L344 270', 'M338 150L334 240', 'M238 300L218 695', 'M362 300L382 695'],
    back: ['M300 110V320', 'M226 190H278', 'M322 190H374'],
    detail: [300, 210],
  },
  joggers: {
    shapes: ['M202 110L398 110L414 640L408 690L320 690L322 640L300 330L278 640L280 690L192 690L186 640Z'],
    lines: [WAISTBAND, ribs(206, 394, 116, 146, 10), 'M186 640H278', 'M322 640H414', ribs(194, 278, 648, 686, 10), ribs(324, 408, 648, 686, 10)],
    front: ['M290 150Q284 190 274 214', 'M310 150Q316 190 326 214', 'M230 160Q236 220 212 240', 'M370 160Q364 220 388 240'],
    back: ['M300 150V330', 'M230 200H278V250H230Z'],
    detail: [300, 180],
  },
  dungarees: {
    shapes: ['M236 122L214 64L232 58L256 122Z', 'M364 122L386 64L368 58L344 122Z', 'M232 120H368V250H232Z', 'M200 240L400 240L428 720L318 720L300 420L282 720L172 720Z'],
    lines: ['M200 262H400', 'M180 694H284', 'M316 694H420'],
    front: ['M266 150H334V200H266Z', dot(246, 134), dot(354, 134), 'M300 262V420', 'M240 420L230 714', 'M360 420L370 714'],
    back: ['M232 120L368 250', 'M368 120L232 250', 'M300 262V420'],
    detail: [300, 170],
  },
  skirt_midi: {
    shapes: ['M215 170L385 170L470 610Q300 640 130 610Z'],
    lines: ['M209 205H391', 'M142 580Q300 608 458 580'],
    front: ['M250 205L205 622', 'M300 205V625', 'M350 205L395 622', dot(360, 188)],
    back: ['M300 172V330', dot(300, 186, 5), 'M300 330V625'],
    detail: [320, 260],
  },
  skirt_pleated: {
    shapes: ['M220 170L380 170L482 600Q300 634 118 600Z'],
    lines: ['M214 205H386', 'M130 572Q300 604 470 572', ...pleats(9, 205, 86, 612, 182)],
    front: [dot(368, 188)],
    back: [dot(300, 188, 5)],
    detail: [300, 330],
  },
  skirt_mini: {
    shapes: ['M216 200L384 200L440 440Q300 466 160 440Z'],
    lines: ['M212 226H388', 'M170 418Q300 442 430 418'],
    front: ['M320 226V330', dot(320, 250, 5), dot(320, 290, 5), 'M230 226Q236 262 262 268', 'M370 226Q364 262 338 268'],
    back: ['M300 200V445', 'M236 260H280V300H236Z', 'M320 260H364V300H320Z'],
    detail: [300, 280],
  },
  jumper: {
    shapes: [KNIT],
    neck: KNIT_NECK,
    lines: KNIT_HEM,
    front: ['M266 126Q300 186 334 126', cable(300, 196, 586), cable(250, 196, 586), cable(350, 196, 586)],
    back: ['M262 126Q300 152 338 126'],
    detail: [300, 300],
  },
  cardigan: {
    shapes: [KNIT],
    opening: { d: 'M258 124L300 300L342 124Q300 136 258 124Z', fill: 'light' },
    lines: KNIT_HEM,
    front: ['M258 124L300 300', 'M342 124L300 300', 'M300 300V640', ...[330, 390, 450, 510, 570].map((y) => dot(300, y, 6)), 'M230 460H276', 'M324 460H370'],
    back: ['M262 126Q300 152 338 126'],
    detail: [300, 330],
  },
  turtleneck: {
    shapes: [KNIT, 'M262 78H338L342 142Q300 160 258 142Z'],
    lines: [...KNIT_HEM, ribs(268, 332, 84, 140, 8)],
    front: [],
    back: ['M300 160V190'],
    detail: [300, 150],
  },
  halfzip: {
    shapes: [KNIT, 'M258 96H342L345 130Q300 152 255 130Z'],
    lines: KNIT_HEM,
    front: ['M300 96V250', 'M294 250H306V270H294Z', 'M268 110L300 128L332 110'],
    back: ['M262 124Q300 146 338 124'],
    detail: [300, 180],
  },
  blazer: {
    shapes: [JACKET],
    opening: { d: 'M262 120L300 300L338 120Q300 136 262 120Z', fill: 'light' },
    lines: ['M116 556L170 566', 'M484 556L430 566'],
    front: ['M262 120L238 210L262 214L300 330', 'M338 120L362 210L338 214L300 330', 'M300 330V652', dot(300, 390), dot(300, 450), 'M222 500H282', 'M318 500H378', 'M322 250L362 246'],
    back: ['M250 124Q300 152 350 124', 'M300 140V560L312 652'],
    detail: [300, 250],
  },
  bomber: {
    shapes: [
      'M256 130L186 156L140 320L128 560L182 566L206 360L206 600L394 600L394 360L418 566L472 560L460 320L414 156L344 130Q300 150 256 130Z',
      'M206 598H394V636H206Z',
      'M128 558L182 564L180 596L126 590Z',
      'M472 558L418 564L420 596L474 590Z',
      'M256 130Q300 150 344 130L340 112Q300 128 260 112Z',
    ],
    lines: [ribs(214, 386, 602, 632, 10), ribs(266, 334, 118, 140, 10)],
    front: ['M300 140V636', 'M226 470L250 530', 'M374 470L350 530', 'M150 300L178 304L176 340L148 336Z'],
    back: ['M300 140V598'],
    detail: [300, 160],
  },
  padded: {
    shapes: ['M250 110L176 140L128 330L116 590L172 598L204 360L200 660L400 660L396 360L428 598L484 590L472 330L424 140L350 110Z', 'M252 78H348L350 112Q300 126 250 112Z'],
    lines: [...rows(204, 396, 210, 640, 62), 'M150 300L196 292', 'M138 400L188 392', 'M128 500L180 494', 'M450 300L404 292', 'M462 400L412 392', 'M472 500L420 494'],
    front: ['M300 78V660', 'M226 430L244 500', 'M374 430L356 500'],
    back: ['M252 112Q300 124 348 112'],
    detail: [300, 200],
  },
  denim_jacket: {
    shapes: ['M258 118L178 146L134 330L118 560L172 568L204 352L204 600L396 600L396 352L428 568L482 560L466 330L422 146L342 118Z'],
    neck: 'M258 118Q300 136 342 118Q300 108 258 118Z',
    lines: ['M204 570H396', 'M122 532L172 542', 'M478 532L428 542'],
    front: [
      'M258 118L276 178L300 150L324 178L342 118',
      'M300 150V600',
      ...[200, 270, 340, 410, 480, 550].map((y) => dot(300, y, 5)),
      'M222 230H278V284H222Z',
      'M322 230H378V284H322Z',
      'M206 204Q250 216 290 210',
      'M394 204Q350 216 310 210',
      'M250 300V570',
      'M350 300V570',
    ],
    back: ['M200 220Q300 250 400 220', 'M250 232V570', 'M350 232V570'],
    detail: [300, 240],
  },
  trench: {
    shapes: [COAT],
    opening: { d: 'M262 108L300 250L338 108Q300 124 262 108Z', fill: 'shade' },
    lines: ['M196 440H404', 'M195 470H405', ...COAT_CUFFS],
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
    detail: [300, 440],
  },
  coat: {
    shapes: [COAT],
    opening: { d: 'M262 108L300 230L338 108Q300 124 262 108Z', fill: 'shade' },
    lines: COAT_CUFFS,
    front: ['M262 108L236 200L262 206L300 260', 'M338 108L364 200L338 206L300 260', 'M300 260V732', dot(300, 330), dot(300, 430), dot(300, 530), 'M210 520H270', 'M330 520H390'],
    back: ['M250 112Q300 142 350 112', 'M300 126V600L312 732'],
    detail: [300, 240],
  },
  raincoat: {
    shapes: ['M246 112Q238 38 300 34Q362 38 354 112Q300 132 246 112Z', COAT],
    lines: COAT_CUFFS,
    front: ['M300 112V732', ...[200, 300, 400, 500, 600].map((y) => dot(300, y, 5)), 'M206 470H266V540H206Z', 'M334 470H394V540H334Z', 'M206 470L236 490L266 470', 'M334 470L364 490L394 470', 'M256 96Q300 80 344 96'],
    back: ['M300 40V732', 'M222 250Q300 270 378 250'],
    detail: [300, 120],
  },
  sneakers: {
    frame: SHOE_FRAME,
    shapes: ['M110 560L128 440Q136 410 170 408L245 410Q285 414 305 440L420 500Q500 515 512 560Z'],
    trims: [SOLE],
    lines: ['M100 592H528'],
    front: ['M245 410Q250 392 275 395L300 438', 'M255 424L290 436', 'M275 444L310 456', 'M295 464L330 476', 'M315 484L350 496', 'M420 500Q440 540 512 560'],
    back: ['M112 548L126 452Q170 470 178 560', 'M128 440L118 402H138L144 428', 'M150 530Q320 548 500 540'],
    detail: [290, 390],
  },
  loafers: {
    frame: SHOE_FRAME,
    shapes: ['M110 560L124 480Q132 456 166 454L260 456Q300 462 330 484L430 514Q500 526 510 560Z'],
    trims: ['M96 560H522Q534 560 532 572L530 590Q526 600 510 600H112Q94 600 92 588L92 570Q94 560 96 560Z', 'M100 598H172V624H104Z'],
    lines: ['M98 584H528'],
    front: ['M262 470Q300 476 334 494', 'M284 478H310', 'M330 484Q344 522 430 514', 'M256 458Q262 476 262 490'],
    back: ['M124 480Q150 500 160 560', 'M140 520Q320 540 500 540'],
    detail: [290, 410],
  },
  boots: {
    frame: { transform: 'translate(300 400) scale(1.05) translate(-311 -460)', groundY: 655 },
    shapes: ['M120 560L128 300Q132 282 156 280L262 280Q278 282 280 300L290 440L420 500Q500 515 512 560Z'],
    trims: [SOLE, 'M98 622H196V652H104Z'],
    lines: ['M100 592H528'],
    front: ['M190 300L206 430H256L262 300', 'M140 280V246H172V280', 'M290 440Q300 480 420 500'],
    back: ['M140 300V540', 'M134 320H146', 'M150 530Q320 548 500 540'],
    detail: [205, 295],
  },
  derby: {
    frame: SHOE_FRAME,
    shapes: ['M104 560L118 460Q126 430 160 428L240 430Q290 440 320 466L440 512Q506 526 516 560Z'],
    trims: ['M92 560H526Q536 560 534 574L532 592Q528 602 512 602H110Q92 602 90 590L90 572Q92 560 92 560Z', 'M96 600H176V626H100Z'],
    lines: ['M96 584H530'],
    front: ['M240 430L262 470L318 470', dot(252, 446, 3), dot(274, 456, 3), dot(296, 462, 3), 'M250 446L300 460', 'M440 512Q452 544 516 560', 'M262 470Q250 520 260 560'],
    back: ['M118 460Q150 470 160 560', 'M140 520Q320 540 500 540'],
    detail: [280, 400],
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
    detail: [300, 220],
  },
  scarf: {
    // Hung round a neck: the loop, then two tails of different lengths, fringed.
    shapes: ['M196 150Q300 104 404 150L392 206Q300 170 208 206Z', 'M222 188L300 200L294 640L214 628Z', 'M312 198L388 184L404 570L326 582Z'],
    lines: [ribs(218, 290, 634, 676, 10), ribs(330, 400, 580, 620, 10), 'M218 586L296 598', 'M328 540L402 528'],
    front: ['M300 176Q306 190 300 204'],
    back: ['M232 168Q300 150 368 168'],
    detail: [300, 600],
  },
};
