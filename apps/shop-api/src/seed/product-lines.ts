/**
 * The texts products are built from: garment styles per subcategory, materials, fits and care.
 * A product name is collection + material + style, composed so that it stays grammatical in every
 * language ('Riviera linen midi dress', 'Robe midi en lin Riviera', 'Midikleid aus Leinen Riviera').
 */
import { FIGURES, type Figure, type Garment, type Lang, type Texture } from '@shop/contract';
import type { SubcategoryKey } from './categories.ts';
import { t, type Translated } from './shared.ts';


/** Three letters of the product reference, e.g. W-DRS-0001. */
export const GARMENT_CODES: Record<Garment, string> = {
  dress: 'DRS',
  shirt: 'SHT',
  tshirt: 'TSH',
  trousers: 'TRS',
  skirt: 'SKT',
  knit: 'KNT',
  jacket: 'JKT',
  coat: 'COT',
  shoes: 'SHO',
  pyjamas: 'PJM',
  scarf: 'SCF',
};

/** Proper names, the same in every language; the last word of most product names. */
export const COLLECTIONS = [
  'Riviera', 'Portofino', 'Amalfi', 'Brera', 'Camargue', 'Biarritz', 'Lucerna', 'Cadaqués',
  'Sorrento', 'Nordkap', 'Lisboa', 'Avignon', 'Palma', 'Bergen', 'Capri', 'Dolomiti',
  'Tirol', 'Provence', 'Siena', 'Verona', 'Oslo', 'Toledo', 'Mistral', 'Sirocco',
];

const machineWash = (degrees: number) =>
  t(
    `machine wash at ${degrees} °C`,
    `lavage en machine à ${degrees} °C`,
    `lavaggio in lavatrice a ${degrees} °C`,
    `lavado a máquina a ${degrees} °C`,
    `Maschinenwäsche bei ${degrees} °C`,
  );

const CARE = {
  wash30: machineWash(30),
  wash40: machineWash(40),
  hand: t(
    'hand wash in cold water',
    'lavage à la main à l’eau froide',
    'lavaggio a mano in acqua fredda',
    'lavado a mano con agua fría',
    'Handwäsche in kaltem Wasser',
  ),
  dryClean: t('dry clean only', 'nettoyage à sec uniquement', 'solo lavaggio a secco', 'solo limpieza en seco', 'nur chemische Reinigung'),
  wipe: t(
    'wipe with a soft, dry cloth',
    'essuyer avec un chiffon doux et sec',
    'pulire con un panno morbido e asciutto',
    'limpiar con un paño suave y seco',
    'mit einem weichen, trockenen Tuch abwischen',
  ),
};

type Material = {
  /** As it appears in a product name: 'linen', 'en lin', 'in lino', 'de lino', 'aus Leinen'. */
  name: Translated;
  composition: Translated;
  care: Translated;
  /** One sentence on what the material is like to wear. */
  trait: Translated;
  priceFactor: number;
};

const ALL_COTTON = t('100% cotton', '100 % coton', '100% cotone', '100 % algodón', '100 % Baumwolle');

const MATERIALS = {
  linen: {
    name: t('linen', 'en lin', 'in lino', 'de lino', 'aus Leinen'),
    composition: t('100% linen', '100 % lin', '100% lino', '100 % lino', '100 % Leinen'),
    care: CARE.wash40,
    trait: t(
      'Linen is naturally breathable and keeps you cool on warm days.',
      'Le lin est naturellement respirant et vous garde au frais par temps chaud.',
      'Il lino è naturalmente traspirante e ti mantiene fresco nelle giornate calde.',
      'El lino es transpirable por naturaleza y te mantiene fresco en los días de calor.',
      'Leinen ist von Natur aus atmungsaktiv und hält an warmen Tagen angenehm kühl.',
    ),
    priceFactor: 1.1,
  },
  cotton: {
    name: t('cotton', 'en coton', 'in cotone', 'de algodón', 'aus Baumwolle'),
    composition: ALL_COTTON,
    care: CARE.wash40,
    trait: t(
      'Soft, durable cotton that gets better with every wash.',
      'Un coton doux et résistant qui s’embellit à chaque lavage.',
      'Cotone morbido e resistente che migliora a ogni lavaggio.',
      'Algodón suave y resistente que mejora con cada lavado.',
      'Weiche, strapazierfähige Baumwolle, die mit jeder Wäsche schöner wird.',
    ),
    priceFactor: 1,
  },
  organicCotton: {
    name: t('organic cotton', 'en coton bio', 'in cotone biologico', 'de algodón orgánico', 'aus Bio-Baumwolle'),
    composition: t('100% organic cotton', '100 % coton biologique', '100% cotone biologico', '100 % algodón orgánico', '100 % Bio-Baumwolle'),
    care: CARE.wash30,
    trait: t(
      'The cotton is grown without synthetic pesticides and is certified organic.',
      'Le coton est cultivé sans pesticides de synthèse et certifié biologique.',
      'Il cotone è coltivato senza pesticidi di sintesi ed è certificato biologico.',
      'El algodón se cultiva sin pesticidas sintéticos y cuenta con certificación ecológica.',
      'Die Baumwolle wird ohne synthetische Pestizide angebaut und ist biozertifiziert.',
    ),
    priceFactor: 1.05,
  },
  silk: {
    name: t('silk', 'en soie', 'in seta', 'de seda', 'aus Seide'),
    composition: t('100% silk', '100 % soie', '100% seta', '100 % seda', '100 % Seide'),
    care: CARE.hand,
    trait: t(
      'Silk with a soft sheen that drapes beautifully.',
      'Une soie au léger éclat, au tombé magnifique.',
      'Seta dalla lucentezza delicata e dalla caduta impeccabile.',
      'Seda de brillo suave con una caída preciosa.',
      'Seide mit sanftem Glanz und wunderschönem Fall.',
    ),
    priceFactor: 1.5,
  },
  viscose: {
    name: t('viscose', 'en viscose', 'in viscosa', 'de viscosa', 'aus Viskose'),
    composition: t('100% viscose', '100 % viscose', '100% viscosa', '100 % viscosa', '100 % Viskose'),
    care: CARE.wash30,
    trait: t(
      'Fluid viscose that moves with you and feels light on the skin.',
      'Une viscose fluide qui accompagne chaque mouvement et reste légère sur la peau.',
      'Viscosa fluida che segue ogni movimento ed è leggera sulla pelle.',
      'Viscosa fluida que acompaña cada movimiento y resulta ligera sobre la piel.',
      'Fließende Viskose, die jede Bewegung mitmacht und sich leicht auf der Haut anfühlt.',
    ),
    priceFactor: 0.95,
  },
  wool: {
    name: t('wool', 'en laine', 'in lana', 'de lana', 'aus Wolle'),
    composition: t('80% wool, 20% polyamide', '80 % laine, 20 % polyamide', '80% lana, 20% poliammide', '80 % lana, 20 % poliamida', '80 % Wolle, 20 % Polyamid'),
    care: CARE.dryClean,
    trait: t(
      'Warm wool that keeps its shape season after season.',
      'Une laine chaude qui garde sa forme saison après saison.',
      'Lana calda che mantiene la forma stagione dopo stagione.',
      'Lana cálida que mantiene su forma temporada tras temporada.',
      'Warme Wolle, die Saison für Saison ihre Form behält.',
    ),
    priceFactor: 1.2,
  },
  merino: {
    name: t('merino wool', 'en laine mérinos', 'in lana merino', 'de lana merino', 'aus Merinowolle'),
    composition: t('100% merino wool', '100 % laine mérinos', '100% lana merino', '100 % lana merino', '100 % Merinowolle'),
    care: CARE.hand,
    trait: t(
      'Fine merino wool regulates temperature and does not itch.',
      'La fine laine mérinos régule la température et ne gratte pas.',
      'La lana merino fine regola la temperatura e non pizzica.',
      'La fina lana merino regula la temperatura y no pica.',
      'Feine Merinowolle reguliert die Temperatur und kratzt nicht.',
    ),
    priceFactor: 1.25,
  },
  cashmere: {
    name: t('cashmere', 'en cachemire', 'in cashmere', 'de cachemir', 'aus Kaschmir'),
    composition: t('100% cashmere', '100 % cachemire', '100% cashmere', '100 % cachemir', '100 % Kaschmir'),
    care: CARE.hand,
    trait: t(
      'Pure cashmere: incredibly soft and light, yet very warm.',
      'Du pur cachemire, incroyablement doux et léger, mais très chaud.',
      'Puro cashmere, incredibilmente morbido e leggero ma molto caldo.',
      'Cachemir puro, increíblemente suave y ligero, pero muy cálido.',
      'Reines Kaschmir, unglaublich weich und leicht und trotzdem sehr warm.',
    ),
    priceFactor: 1.8,
  },
  denim: {
    name: t('denim', 'en denim', 'in denim', 'de denim', 'aus Denim'),
    composition: t('98% cotton, 2% elastane', '98 % coton, 2 % élasthanne', '98% cotone, 2% elastan', '98 % algodón, 2 % elastano', '98 % Baumwolle, 2 % Elasthan'),
    care: CARE.wash30,
    trait: t(
      'Sturdy denim with a touch of stretch for all-day comfort.',
      'Un denim robuste avec une touche de stretch pour un confort toute la journée.',
      'Denim robusto con un tocco di elasticità per un comfort che dura tutto il giorno.',
      'Denim resistente con un toque elástico para estar cómodo todo el día.',
      'Robuster Denim mit etwas Stretch für ganztägigen Komfort.',
    ),
    priceFactor: 1,
  },
  corduroy: {
    name: t('corduroy', 'en velours côtelé', 'in velluto a coste', 'de pana', 'aus Cord'),
    composition: ALL_COTTON,
    care: CARE.wash30,
    trait: t(
      'Soft corduroy with a fine rib and a warm, velvety feel.',
      'Un velours côtelé doux, à fines côtes, au toucher chaud et velouté.',
      'Morbido velluto a coste sottili, caldo e vellutato al tatto.',
      'Pana suave de canalé fino, cálida y aterciopelada al tacto.',
      'Weicher Feincord mit warmem, samtigem Griff.',
    ),
    priceFactor: 1.05,
  },
  flannel: {
    name: t('flannel', 'en flanelle', 'in flanella', 'de franela', 'aus Flanell'),
    composition: ALL_COTTON,
    care: CARE.wash40,
    trait: t(
      'Brushed cotton flannel, cosy on cool evenings.',
      'Une flanelle de coton grattée, douillette les soirs de fraîcheur.',
      'Flanella di cotone garzata, accogliente nelle sere fresche.',
      'Franela de algodón perchada, muy acogedora en las noches frescas.',
      'Angerauter Baumwollflanell, kuschelig an kühlen Abenden.',
    ),
    priceFactor: 1,
  },
  jersey: {
    name: t('jersey', 'en jersey', 'in jersey', 'de punto', 'aus Jersey'),
    composition: t('95% cotton, 5% elastane', '95 % coton, 5 % élasthanne', '95% cotone, 5% elastan', '95 % algodón, 5 % elastano', '95 % Baumwolle, 5 % Elasthan'),
    care: CARE.wash30,
    trait: t(
      'Stretchy jersey that stays comfortable from morning to night.',
      'Un jersey extensible qui reste confortable du matin au soir.',
      'Jersey elasticizzato che resta comodo dalla mattina alla sera.',
      'Punto elástico que resulta cómodo de la mañana a la noche.',
      'Dehnbarer Jersey, der von morgens bis abends bequem bleibt.',
    ),
    priceFactor: 0.95,
  },
  nylon: {
    name: t('recycled nylon', 'en nylon recyclé', 'in nylon riciclato', 'de nailon reciclado', 'aus recyceltem Nylon'),
    composition: t('100% recycled polyamide', '100 % polyamide recyclé', '100% poliammide riciclata', '100 % poliamida reciclada', '100 % recyceltes Polyamid'),
    care: CARE.wash30,
    trait: t(
      'Water-repellent recycled nylon that shrugs off wind and rain.',
      'Un nylon recyclé déperlant qui résiste au vent et à la pluie.',
      'Nylon riciclato idrorepellente che resiste a vento e pioggia.',
      'Nailon reciclado repelente al agua que resiste el viento y la lluvia.',
      'Wasserabweisendes recyceltes Nylon, das Wind und Regen trotzt.',
    ),
    priceFactor: 1.1,
  },
  leather: {
    name: t('leather', 'en cuir', 'in pelle', 'de piel', 'aus Leder'),
    composition: t(
      'calf leather upper, rubber sole',
      'tige en cuir de veau, semelle en caoutchouc',
      'tomaia in pelle di vitello, suola in gomma',
      'corte de piel de becerro, suela de caucho',
      'Obermaterial Kalbsleder, Laufsohle aus Gummi',
    ),
    care: CARE.wipe,
    trait: t(
      'Supple calf leather that moulds to your foot over time.',
      'Un cuir de veau souple qui épouse la forme du pied au fil du temps.',
      'Morbida pelle di vitello che si adatta al piede con il tempo.',
      'Piel de becerro flexible que se adapta al pie con el tiempo.',
      'Geschmeidiges Kalbsleder, das sich mit der Zeit dem Fuß anpasst.',
    ),
    priceFactor: 1.3,
  },
  suede: {
    name: t('suede', 'en daim', 'in camoscio', 'de ante', 'aus Wildleder'),
    composition: t(
      'suede upper, rubber sole',
      'tige en daim, semelle en caoutchouc',
      'tomaia in camoscio, suola in gomma',
      'corte de ante, suela de caucho',
      'Obermaterial Veloursleder, Laufsohle aus Gummi',
    ),
    care: CARE.wipe,
    trait: t(
      'Velvety suede with a soft, lived-in look.',
      'Un daim velouté au look doux et patiné.',
      'Camoscio vellutato dall’aspetto morbido e vissuto.',
      'Ante aterciopelado con un aspecto suave y desgastado.',
      'Samtiges Wildleder mit weichem, lässigem Look.',
    ),
    priceFactor: 1.2,
  },
  canvas: {
    name: t('canvas', 'en toile', 'in tela', 'de lona', 'aus Canvas'),
    composition: t(
      'cotton canvas upper, rubber sole',
      'tige en toile de coton, semelle en caoutchouc',
      'tomaia in tela di cotone, suola in gomma',
      'corte de lona de algodón, suela de caucho',
      'Obermaterial Baumwoll-Canvas, Laufsohle aus Gummi',
    ),
    care: CARE.wash30,
    trait: t(
      'Light cotton canvas, perfect for spring and summer.',
      'Une toile de coton légère, parfaite pour le printemps et l’été.',
      'Tela di cotone leggera, perfetta per la primavera e l’estate.',
      'Lona de algodón ligera, perfecta para la primavera y el verano.',
      'Leichtes Baumwoll-Canvas, ideal für Frühling und Sommer.',
    ),
    priceFactor: 0.8,
  },
} satisfies Record<string, Material>;

export type MaterialKey = keyof typeof MATERIALS;
export const material = (key: MaterialKey): Material => MATERIALS[key];

/** How each material looks in the product pictures. */
export const TEXTURE_OF: Record<MaterialKey, Texture> = {
  linen: 'slub',
  cotton: 'plain',
  organicCotton: 'plain',
  silk: 'sheen',
  viscose: 'sheen',
  wool: 'weave',
  merino: 'knit',
  cashmere: 'knit',
  denim: 'twill',
  corduroy: 'wales',
  flannel: 'check',
  jersey: 'plain',
  nylon: 'sheen',
  leather: 'gloss',
  suede: 'nap',
  canvas: 'weave',
};

export const FITS = {
  regular: t(
    'Regular fit: take your usual size.',
    'Coupe classique : prenez votre taille habituelle.',
    'Vestibilità regolare: scegli la tua taglia abituale.',
    'Corte regular: elige tu talla habitual.',
    'Normale Passform: Wählen Sie Ihre gewohnte Größe.',
  ),
  slim: t(
    'Slim fit: if you are between two sizes, choose the larger one.',
    'Coupe ajustée : si vous hésitez entre deux tailles, choisissez la plus grande.',
    'Vestibilità aderente: se sei tra due taglie, scegli quella più grande.',
    'Corte entallado: si dudas entre dos tallas, elige la más grande.',
    'Schmale Passform: Liegen Sie zwischen zwei Größen, wählen Sie die größere.',
  ),
  relaxed: t(
    'Relaxed fit with an easy, generous silhouette.',
    'Coupe décontractée à la silhouette ample et confortable.',
    'Vestibilità comoda dalla silhouette morbida e ampia.',
    'Corte holgado con una silueta amplia y cómoda.',
    'Lockere Passform mit weiter, bequemer Silhouette.',
  ),
  kids: t(
    'Cut with room to move, run and play.',
    'Une coupe qui laisse bouger, courir et jouer librement.',
    'Un taglio che lascia liberi di muoversi, correre e giocare.',
    'Un corte que deja moverse, correr y jugar con libertad.',
    'Mit viel Bewegungsfreiheit zum Laufen und Spielen geschnitten.',
  ),
  shoes: t(
    'Fits true to size.',
    'Chausse normalement : prenez votre pointure habituelle.',
    'Calzata regolare: scegli il tuo numero abituale.',
    'Horma normal: elige tu número habitual.',
    'Fällt normal aus: Wählen Sie Ihre gewohnte Größe.',
  ),
  oneSize: t(
    'One size: fits everyone.',
    'Taille unique : convient à tous.',
    'Taglia unica: va bene per tutti.',
    'Talla única: sirve para todos.',
    'Einheitsgröße: passt allen.',
  ),
};
export const ADULT_FITS = [FITS.regular, FITS.slim, FITS.relaxed];

type Compose = (style: string, material: string, collection: string) => string;
const styleFirst: Compose = (style, material, collection) => `${style} ${material} ${collection}`;

export const PRODUCT_NAME: Record<Lang, Compose> = {
  en: (style, material, collection) => `${collection} ${material} ${style}`,
  fr: styleFirst,
  it: styleFirst,
  es: styleFirst,
  de: styleFirst,
};

/** First sentence of a description; `material` is the material's name form ('en lin', 'aus Leinen'...). */
export const DESCRIPTION_INTRO: Record<Lang, (collection: string, material: string) => string> = {
  en: (collection, material) => `A style from the ${collection} collection, made from ${material}.`,
  fr: (collection, material) => `Un modèle de la collection ${collection}, réalisé ${material}.`,
  it: (collection, material) => `Un modello della collezione ${collection}, realizzato ${material}.`,
  es: (collection, material) => `Un modelo de la colección ${collection}, hecho ${material}.`,
  de: (collection, material) => `Ein Modell aus der Kollektion ${collection}, gefertigt ${material}.`,
};

export const ADDITIONAL_INFO: Record<Lang, (composition: string, care: string) => string> = {
  en: (composition, care) => `Composition: ${composition}. Care: ${care}.`,
  fr: (composition, care) => `Composition : ${composition}. Entretien : ${care}.`,
  it: (composition, care) => `Composizione: ${composition}. Manutenzione: ${care}.`,
  es: (composition, care) => `Composición: ${composition}. Cuidados: ${care}.`,
  de: (composition, care) => `Material: ${composition}. Pflege: ${care}.`,
};

export type Style = {
  garment: Garment;
  /** The cut its pictures show (a wrap dress, ankle boots). */
  figure: Figure;
  name: Translated;
  materials: readonly MaterialKey[];
  /** Net price range in cents before the material's factor. */
  price: readonly [number, number];
};

const style = (figure: Figure, name: Translated, materials: MaterialKey[], price: [number, number]): Style => ({
  garment: FIGURES[figure],
  figure,
  name,
  materials,
  price,
});

// Styles shared by several subcategories.
const TSHIRT = t('T-shirt', 'T-shirt', 'T-shirt', 'Camiseta', 'T-Shirt');
const LONG_SLEEVE_TSHIRT = t('long-sleeve T-shirt', 'T-shirt à manches longues', 'T-shirt a maniche lunghe', 'Camiseta de manga larga', 'Langarmshirt');
const JUMPER = t('jumper', 'Pull', 'Maglione', 'Jersey', 'Pullover');
const CARDIGAN = t('cardigan', 'Cardigan', 'Cardigan', 'Cárdigan', 'Strickjacke');
const BLAZER = t('blazer', 'Blazer', 'Blazer', 'Americana', 'Blazer');
const COAT = t('coat', 'Manteau', 'Cappotto', 'Abrigo', 'Mantel');
const JACKET = t('jacket', 'Veste', 'Giacca', 'Chaqueta', 'Jacke');
const SNEAKERS = t('sneakers', 'Baskets', 'Sneakers', 'Zapatillas', 'Sneaker');
const LOAFERS = t('loafers', 'Mocassins', 'Mocassini', 'Mocasines', 'Loafer');
const POLO = t('polo shirt', 'Polo', 'Polo', 'Polo', 'Poloshirt');

/** How many products each subcategory gets, and the styles they rotate through. */
export const PRODUCT_LINES: Record<SubcategoryKey, { count: number; styles: Style[] }> = {
  'women-dresses': {
    count: 22,
    styles: [
      style('dress_midi', t('midi dress', 'Robe midi', 'Abito midi', 'Vestido midi', 'Midikleid'), ['linen', 'cotton', 'silk', 'viscose'], [4500, 11000]),
      style('dress_wrap', t('wrap dress', 'Robe portefeuille', 'Abito a portafoglio', 'Vestido cruzado', 'Wickelkleid'), ['viscose', 'silk', 'jersey'], [5000, 12000]),
      style('dress_shirt', t('shirt dress', 'Robe chemise', 'Abito chemisier', 'Vestido camisero', 'Blusenkleid'), ['linen', 'cotton', 'denim'], [4500, 10000]),
    ],
  },
  'women-tops': {
    count: 22,
    styles: [
      style('blouse', t('blouse', 'Blouse', 'Blusa', 'Blusa', 'Bluse'), ['silk', 'viscose', 'cotton'], [3000, 9000]),
      style('shirt', t('shirt', 'Chemise', 'Camicia', 'Camisa', 'Hemdbluse'), ['cotton', 'linen', 'organicCotton'], [3500, 8000]),
      style('tshirt', TSHIRT, ['cotton', 'organicCotton', 'jersey'], [1500, 4000]),
    ],
  },
  'women-trousers': {
    count: 18,
    styles: [
      style('trousers_wide', t('wide-leg trousers', 'Pantalon large', 'Pantaloni ampi', 'Pantalón ancho', 'Weite Hose'), ['linen', 'wool', 'viscose'], [4500, 11000]),
      style('trousers_straight', t('straight trousers', 'Pantalon droit', 'Pantaloni dritti', 'Pantalón recto', 'Gerade Hose'), ['cotton', 'denim', 'corduroy', 'wool'], [4000, 9500]),
      style('trousers_slim', t('cigarette trousers', 'Pantalon cigarette', 'Pantaloni a sigaretta', 'Pantalón pitillo', 'Zigarettenhose'), ['wool', 'cotton', 'viscose'], [4500, 10000]),
    ],
  },
  'women-knitwear': {
    count: 18,
    styles: [
      style('jumper', JUMPER, ['wool', 'merino', 'cashmere', 'cotton'], [4500, 12000]),
      style('cardigan', CARDIGAN, ['merino', 'cashmere', 'cotton'], [5000, 12000]),
      style('turtleneck', t('turtleneck', 'Pull col roulé', 'Dolcevita', 'Jersey de cuello alto', 'Rollkragenpullover'), ['merino', 'cashmere', 'wool'], [5000, 12500]),
    ],
  },
  'women-jackets': {
    count: 22,
    styles: [
      style('blazer', BLAZER, ['wool', 'linen', 'cotton'], [8000, 16000]),
      style('trench', t('trench coat', 'Trench', 'Trench', 'Gabardina', 'Trenchcoat'), ['cotton', 'nylon'], [10000, 18000]),
      style('coat', COAT, ['wool', 'cashmere'], [12000, 20000]),
      style('denim_jacket', JACKET, ['denim', 'corduroy', 'cotton', 'nylon'], [6000, 12000]),
    ],
  },
  'women-skirts': {
    count: 16,
    styles: [
      style('skirt_midi', t('midi skirt', 'Jupe midi', 'Gonna midi', 'Falda midi', 'Midirock'), ['linen', 'viscose', 'silk', 'cotton'], [3500, 8500]),
      style('skirt_pleated', t('pleated skirt', 'Jupe plissée', 'Gonna plissettata', 'Falda plisada', 'Plisseerock'), ['viscose', 'wool', 'silk'], [4000, 9000]),
      style('skirt_mini', t('mini skirt', 'Minijupe', 'Minigonna', 'Minifalda', 'Minirock'), ['denim', 'corduroy', 'wool'], [3000, 6500]),
    ],
  },
  'women-shoes': {
    count: 18,
    styles: [
      style('sneakers', SNEAKERS, ['leather', 'canvas', 'suede'], [5500, 11000]),
      style('loafers', LOAFERS, ['leather', 'suede'], [7000, 13000]),
      style('boots', t('ankle boots', 'Bottines', 'Stivaletti', 'Botines', 'Stiefeletten'), ['leather', 'suede'], [9000, 16000]),
    ],
  },
  'men-shirts': {
    count: 18,
    styles: [
      style('shirt', t('shirt', 'Chemise', 'Camicia', 'Camisa', 'Hemd'), ['cotton', 'linen'], [3500, 8000]),
      style('shirt', t('Oxford shirt', 'Chemise Oxford', 'Camicia Oxford', 'Camisa Oxford', 'Oxfordhemd'), ['cotton', 'organicCotton'], [4000, 8500]),
      style('overshirt', t('overshirt', 'Surchemise', 'Sovracamicia', 'Sobrecamisa', 'Overshirt'), ['flannel', 'corduroy', 'denim', 'wool'], [5000, 10000]),
    ],
  },
  'men-tshirts': {
    count: 18,
    styles: [
      style('tshirt', TSHIRT, ['cotton', 'organicCotton', 'jersey'], [1500, 4000]),
      style('polo', POLO, ['cotton', 'organicCotton', 'linen'], [3000, 6500]),
      style('longsleeve', LONG_SLEEVE_TSHIRT, ['cotton', 'organicCotton', 'merino'], [2500, 5500]),
    ],
  },
  'men-trousers': {
    count: 18,
    styles: [
      style('trousers_straight', t('chinos', 'Chino', 'Pantaloni chino', 'Pantalón chino', 'Chinohose'), ['cotton', 'organicCotton', 'linen'], [4500, 9000]),
      style('trousers_jeans', t('five-pocket trousers', 'Pantalon cinq poches', 'Pantaloni cinque tasche', 'Pantalón de cinco bolsillos', 'Five-Pocket-Hose'), ['denim', 'corduroy', 'cotton'], [5000, 9500]),
      style('trousers_pleated', t('pleated trousers', 'Pantalon à pinces', 'Pantaloni con pinces', 'Pantalón de pinzas', 'Bundfaltenhose'), ['wool', 'linen'], [6000, 12000]),
    ],
  },
  'men-knitwear': {
    count: 18,
    styles: [
      style('jumper', JUMPER, ['wool', 'merino', 'cashmere', 'cotton'], [5000, 12000]),
      style('cardigan', CARDIGAN, ['merino', 'wool', 'cashmere'], [5500, 12000]),
      style('halfzip', t('half-zip jumper', 'Pull camionneur', 'Maglione con mezza zip', 'Jersey con media cremallera', 'Troyer'), ['merino', 'wool', 'cashmere'], [6000, 12500]),
    ],
  },
  'men-jackets': {
    count: 18,
    styles: [
      style('blazer', BLAZER, ['wool', 'linen'], [9000, 17000]),
      style('coat', COAT, ['wool', 'cashmere'], [13000, 20000]),
      style('bomber', t('bomber jacket', 'Blouson', 'Bomber', 'Cazadora bomber', 'Blouson'), ['nylon', 'wool', 'cotton'], [7000, 14000]),
    ],
  },
  'men-shoes': {
    count: 16,
    styles: [
      style('sneakers', SNEAKERS, ['leather', 'canvas', 'suede'], [6000, 12000]),
      style('loafers', LOAFERS, ['leather', 'suede'], [8000, 14000]),
      style('derby', t('derby shoes', 'Derbies', 'Stringate derby', 'Zapatos derby', 'Derby-Schuhe'), ['leather', 'suede'], [9000, 16000]),
    ],
  },
  'kids-tshirts': {
    count: 18,
    styles: [style('tshirt', TSHIRT, ['cotton', 'organicCotton'], [1500, 2800]), style('tshirt', LONG_SLEEVE_TSHIRT, ['cotton', 'organicCotton'], [1800, 3200])],
  },
  'kids-trousers': {
    count: 16,
    styles: [
      style('joggers', t('joggers', 'Pantalon de jogging', 'Pantaloni da jogging', 'Pantalón jogger', 'Jogginghose'), ['cotton', 'organicCotton'], [2000, 3500]),
      style('trousers_straight', t('trousers', 'Pantalon', 'Pantaloni', 'Pantalón', 'Hose'), ['cotton', 'corduroy', 'denim'], [2500, 4500]),
      style('dungarees', t('dungarees', 'Salopette', 'Salopette', 'Peto', 'Latzhose'), ['denim', 'corduroy'], [3000, 5000]),
    ],
  },
  'kids-dresses': {
    count: 16,
    styles: [
      style('dress_midi', t('dress', 'Robe', 'Vestito', 'Vestido', 'Kleid'), ['cotton', 'organicCotton', 'jersey'], [2500, 5000]),
      style('dress_pinafore', t('pinafore dress', 'Robe chasuble', 'Scamiciato', 'Pichi', 'Trägerkleid'), ['corduroy', 'denim', 'wool'], [3000, 5500]),
    ],
  },
  'kids-jackets': {
    count: 15,
    styles: [
      style('raincoat', t('raincoat', 'Imperméable', 'Impermeabile', 'Chubasquero', 'Regenjacke'), ['nylon'], [3500, 6000]),
      style('padded', t('padded jacket', 'Doudoune', 'Piumino', 'Plumífero', 'Steppjacke'), ['nylon'], [4500, 8000]),
      style('denim_jacket', JACKET, ['denim', 'corduroy'], [3500, 6000]),
    ],
  },
  'kids-pyjamas': {
    count: 15,
    styles: [
      style('pyjamas', t('pyjamas', 'Pyjama', 'Pigiama', 'Pijama', 'Schlafanzug'), ['cotton', 'organicCotton', 'flannel', 'jersey'], [2000, 3800]),
      style('nightdress', t('nightdress', 'Chemise de nuit', 'Camicia da notte', 'Camisón', 'Nachthemd'), ['cotton', 'organicCotton'], [1800, 3200]),
    ],
  },
};

/**
 * Knitted scarves: one size in one colour, so one combination each, which a product card can put in the cart
 * directly. They are planned after the rest of the catalogue, with their own random numbers.
 */
export const SCARF_LINES: { subcategory: SubcategoryKey; count: number; style: Style }[] = [
  { subcategory: 'women-knitwear', count: 4, style: style('scarf', t('scarf', 'Écharpe', 'Sciarpa', 'Bufanda', 'Schal'), ['wool', 'merino', 'cashmere'], [1800, 4500]) },
  { subcategory: 'men-knitwear', count: 3, style: style('scarf', t('scarf', 'Écharpe', 'Sciarpa', 'Bufanda', 'Schal'), ['wool', 'merino'], [1800, 4000]) },
];
