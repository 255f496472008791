import type { Garment, Lang } from '@shop/contract';

/**
 * What a shopper expects a query to find in the demo catalogue, said as a person would and not as the search
 * works: the products for a gender, of some kinds (garments), whose English name says `name` (a style, a
 * material), sold in a colour (its English name) or by a brand. Every condition given must hold.
 */
export type Expected = { gender?: 'women' | 'men' | 'kids'; garments?: Garment[]; name?: RegExp; colour?: string; brand?: string };

/** One need, as shoppers type it in each storefront language (en, fr, it, es, de), written by hand. */
export type Need = { queries: Record<Lang, string>; expected: Expected };

const need = (en: string, fr: string, it: string, es: string, de: string, expected: Expected): Need => ({ queries: { en, fr, it, es, de }, expected });

export const NEEDS: Need[] = [
  // Product types, singular and plural.
  need('dresses', 'robes', 'abiti', 'vestidos', 'Kleider', { garments: ['dress'] }),
  need('skirt', 'jupe', 'gonna', 'falda', 'Rock', { garments: ['skirt'] }),
  need('trousers', 'pantalons', 'pantaloni', 'pantalones', 'Hosen', { garments: ['trousers'] }),
  need('t-shirt', 't-shirt', 'maglietta', 'camiseta', 'T-Shirt', { name: /T-shirt/ }),
  need('sweater', 'pull', 'maglione', 'jersey', 'Pullover', { name: /jumper|turtleneck/ }),
  need('cardigan', 'cardigan', 'cardigan', 'cárdigan', 'Strickjacke', { name: /cardigan/ }),
  need('coat', 'manteau', 'cappotto', 'abrigo', 'Mantel', { name: /\bcoat$/ }),
  need('blazer', 'blazer', 'blazer', 'americana', 'Blazer', { name: /blazer/ }),
  need('trench coat', 'trench', 'trench', 'gabardina', 'Trenchcoat', { name: /trench coat/ }),
  need('raincoat', 'imperméable', 'impermeabile', 'chubasquero', 'Regenjacke', { name: /raincoat/ }),
  need('scarf', 'écharpe', 'sciarpa', 'bufanda', 'Schal', { name: /scarf/ }),
  need('polo shirt', 'polo', 'polo', 'polo', 'Poloshirt', { name: /polo shirt/ }),
  need('chinos', 'chino', 'chino', 'chino', 'Chinohose', { name: /chinos/ }),
  need('pyjamas', 'pyjama', 'pigiama', 'pijama', 'Schlafanzug', { name: /pyjamas/ }),
  need('nightdress', 'chemise de nuit', 'camicia da notte', 'camisón', 'Nachthemd', { name: /nightdress/ }),
  need('ankle boots', 'bottines', 'stivaletti', 'botines', 'Stiefeletten', { name: /ankle boots/ }),
  need('loafers', 'mocassins', 'mocassini', 'mocasines', 'Loafer', { name: /loafers/ }),
  need('midi dress', 'robe midi', 'abito midi', 'vestido midi', 'Midikleid', { name: /midi dress/ }),
  need('pleated skirt', 'jupe plissée', 'gonna plissettata', 'falda plisada', 'Plisseerock', { name: /pleated skirt/ }),
  // Synonyms and other words for the same thing.
  need('jeans', 'jean', 'jeans', 'vaqueros', 'Jeans', { garments: ['trousers'], name: /denim/ }),
  need('sneakers', 'baskets', 'scarpe da ginnastica', 'zapatillas', 'Turnschuhe', { name: /sneakers/ }),
  need('jumper', 'pullover', 'pullover', 'suéter', 'Pulli', { name: /jumper|turtleneck/ }),
  need('trainers', 'sneakers', 'sneakers', 'deportivas', 'Sneaker', { name: /sneakers/ }),
  need('pants', 'pantalon', 'pantalone', 'pantalón', 'Hose', { garments: ['trousers'] }),
  need('cashmere', 'cachemire', 'cachemire', 'cachemira', 'Kaschmir', { name: /cashmere/ }),
  need('tee', 'tee-shirt', 't-shirt', 't-shirt', 'T-Shirts', { name: /T-shirt/ }),
  // Genders and age groups with a type.
  need('women shoes', 'chaussures femme', 'scarpe donna', 'zapatos mujer', 'Damen Schuhe', { gender: 'women', garments: ['shoes'] }),
  need('mens shoes', 'chaussures homme', 'scarpe uomo', 'zapatos hombre', 'Schuhe Herren', { gender: 'men', garments: ['shoes'] }),
  need('womens jeans', 'jean femme', 'jeans donna', 'vaqueros mujer', 'Damen Jeans', { gender: 'women', garments: ['trousers'], name: /denim/ }),
  need('jumper men', 'pull homme', 'maglione uomo', 'jersey hombre', 'Pullover Herren', { gender: 'men', name: /jumper/ }),
  need('kids t-shirt', 't-shirt enfant', 'maglietta bambini', 'camiseta niños', 'T-Shirt Kinder', { gender: 'kids', name: /T-shirt/ }),
  need('womens knitwear', 'mailles femme', 'maglieria donna', 'punto mujer', 'Strick Damen', { gender: 'women', garments: ['knit', 'scarf'] }),
  need('sneakers women', 'baskets femme', 'sneakers donna', 'zapatillas mujer', 'Sneaker Damen', { gender: 'women', name: /sneakers/ }),
  need('blazer men', 'blazer homme', 'blazer uomo', 'americana hombre', 'Blazer Herren', { gender: 'men', name: /blazer/ }),
  need('kids dresses', 'robes enfant', 'vestiti bambina', 'vestidos niña', 'Kleider Mädchen', { gender: 'kids', garments: ['dress'] }),
  need('kids trousers', 'pantalons enfants', 'pantaloni bambini', 'pantalones niños', 'Hosen Kinder', { gender: 'kids', garments: ['trousers'] }),
  // Colours, in their forms.
  need('red dress', 'robe rouge', 'vestito rosso', 'vestido rojo', 'rotes Kleid', { garments: ['dress'], colour: 'Red' }),
  need('black skirt', 'jupe noire', 'gonna nera', 'falda negra', 'schwarzer Rock', { garments: ['skirt'], colour: 'Black' }),
  need('white shirt', 'chemise blanche', 'camicia bianca', 'camisa blanca', 'weißes Hemd', { garments: ['shirt'], colour: 'White' }),
  need('blue shirt men', 'chemise bleue homme', 'camicia blu uomo', 'camisa azul hombre', 'blaues Hemd Herren', { gender: 'men', garments: ['shirt'], colour: 'Blue' }),
  need('navy jumper mens', 'pull bleu marine homme', 'maglione blu navy uomo', 'jersey azul marino hombre', 'marineblauer Pullover Herren', { gender: 'men', name: /jumper/, colour: 'Navy' }),
  need('grey cardigan', 'cardigan gris', 'cardigan grigio', 'cárdigan gris', 'graue Strickjacke', { name: /cardigan/, colour: 'Grey' }),
  // Materials, alone and with a type.
  need('leather', 'cuir', 'pelle', 'piel', 'Leder', { name: /leather/ }),
  need('linen shirt', 'chemise en lin', 'camicia in lino', 'camisa de lino', 'Hemd Leinen', { garments: ['shirt'], name: /linen/ }),
  need('organic cotton', 'coton bio', 'cotone biologico', 'algodón orgánico', 'Bio-Baumwolle', { name: /organic cotton/ }),
  need('silk blouse', 'blouse en soie', 'blusa di seta', 'blusa de seda', 'Bluse Seide', { name: /silk blouse/ }),
  need('leather loafers', 'mocassins en cuir', 'mocassini in pelle', 'mocasines de piel', 'Loafer Leder', { name: /leather loafers/ }),
  need('cashmere jumper', 'pull en cachemire', 'maglione cashmere', 'jersey de cachemir', 'Pullover Kaschmir', { name: /cashmere (half-zip )?jumper/ }),
  need('corduroy trousers', 'pantalon en velours côtelé', 'pantaloni in velluto a coste', 'pantalón de pana', 'Hose aus Cord', { garments: ['trousers'], name: /corduroy/ }),
  // Three words.
  need('white leather sneakers', 'baskets en cuir blanches', 'sneakers in pelle bianche', 'zapatillas de piel blancas', 'weiße Sneaker Leder', { name: /leather sneakers/, colour: 'White' }),
  need('womens wool coat', 'manteau laine femme', 'cappotto lana donna', 'abrigo de lana mujer', 'Mantel Wolle Damen', { gender: 'women', name: /wool coat$/ }),
  // Brands.
  need('Nordvik', 'Nordvik', 'Nordvik', 'Nordvik', 'Nordvik', { brand: 'Nordvik' }),
  need('Little Oak pyjamas', 'pyjama Little Oak', 'pigiama Little Oak', 'pijama Little Oak', 'Schlafanzug Little Oak', { brand: 'Little Oak', name: /pyjamas/ }),
  // Misspellings.
  need('jaket', 'vestte', 'giaca', 'chaketa', 'Jake', { name: /jacket/ }),
  need('cardigen', 'cardigann', 'cardigam', 'cardigann', 'Strickjake', { name: /cardigan/ }),
];
