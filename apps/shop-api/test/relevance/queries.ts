import type { Garment, Lang } from '@shop/contract';

/**
 * What a shopper expects a query to find in the demo catalogue, said as a person would and not as the search
 * works: the products for a gender, of some kinds (garments), whose English name says `name` (a style, a
 * material), sold in a colour (its English name) or by a brand. Every condition given must hold.
 */
export type Expected = { gender?: 'women' | 'men' | 'kids'; garments?: Garment[]; name?: RegExp; colour?: string; brand?: string };

/**
 * One need, as shoppers type it in each storefront language (en, fr, it, es, de) and in Polish, written by hand. A
 * Polish shopper searches the English shop (Polish is a text language, not a route): `pl` is sent in English, null
 * where a Polish query has nothing to test.
 */
export type Need = { queries: Record<Lang, string> & { pl: string | null }; expected: Expected };

const need = (en: string, fr: string, it: string, es: string, de: string, pl: string | null, expected: Expected): Need => ({
  queries: { en, fr, it, es, de, pl },
  expected,
});

export const NEEDS: Need[] = [
  // Product types, singular and plural.
  need('dresses', 'robes', 'abiti', 'vestidos', 'Kleider', 'sukienki', { garments: ['dress'] }),
  need('skirt', 'jupe', 'gonna', 'falda', 'Rock', 'spódnica', { garments: ['skirt'] }),
  need('trousers', 'pantalons', 'pantaloni', 'pantalones', 'Hosen', 'spodnie', { garments: ['trousers'] }),
  need('t-shirt', 't-shirt', 'maglietta', 'camiseta', 'T-Shirt', 'koszulka', { name: /T-shirt/ }),
  need('sweater', 'pull', 'maglione', 'jersey', 'Pullover', 'sweter', { name: /jumper|turtleneck/ }),
  need('cardigan', 'cardigan', 'cardigan', 'cárdigan', 'Strickjacke', 'kardigan', { name: /cardigan/ }),
  need('coat', 'manteau', 'cappotto', 'abrigo', 'Mantel', 'płaszcz', { name: /\bcoat$/ }),
  need('blazer', 'blazer', 'blazer', 'americana', 'Blazer', 'marynarka', { name: /blazer/ }),
  need('trench coat', 'trench', 'trench', 'gabardina', 'Trenchcoat', 'trencz', { name: /trench coat/ }),
  need('raincoat', 'imperméable', 'impermeabile', 'chubasquero', 'Regenjacke', 'płaszcz przeciwdeszczowy', { name: /raincoat/ }),
  need('scarf', 'écharpe', 'sciarpa', 'bufanda', 'Schal', 'szalik', { name: /scarf/ }),
  need('polo shirt', 'polo', 'polo', 'polo', 'Poloshirt', 'koszulka polo', { name: /polo shirt/ }),
  need('chinos', 'chino', 'chino', 'chino', 'Chinohose', 'chinosy', { name: /chinos/ }),
  need('pyjamas', 'pyjama', 'pigiama', 'pijama', 'Schlafanzug', 'piżama', { name: /pyjamas/ }),
  need('nightdress', 'chemise de nuit', 'camicia da notte', 'camisón', 'Nachthemd', 'koszula nocna', { name: /nightdress/ }),
  need('ankle boots', 'bottines', 'stivaletti', 'botines', 'Stiefeletten', 'botki', { name: /ankle boots/ }),
  need('loafers', 'mocassins', 'mocassini', 'mocasines', 'Loafer', 'mokasyny', { name: /loafers/ }),
  need('midi dress', 'robe midi', 'abito midi', 'vestido midi', 'Midikleid', 'sukienka midi', { name: /midi dress/ }),
  need('pleated skirt', 'jupe plissée', 'gonna plissettata', 'falda plisada', 'Plisseerock', 'spódnica plisowana', { name: /pleated skirt/ }),
  // Synonyms and other words for the same thing.
  need('jeans', 'jean', 'jeans', 'vaqueros', 'Jeans', 'dżinsy', { garments: ['trousers'], name: /denim/ }),
  need('sneakers', 'baskets', 'scarpe da ginnastica', 'zapatillas', 'Turnschuhe', 'sneakersy', { name: /sneakers/ }),
  need('jumper', 'pullover', 'pullover', 'suéter', 'Pulli', 'swetry', { name: /jumper|turtleneck/ }),
  need('trainers', 'sneakers', 'sneakers', 'deportivas', 'Sneaker', 'trampki', { name: /sneakers/ }),
  need('pants', 'pantalon', 'pantalone', 'pantalón', 'Hose', 'spodni', { garments: ['trousers'] }),
  need('cashmere', 'cachemire', 'cachemire', 'cachemira', 'Kaschmir', 'kaszmir', { name: /cashmere/ }),
  need('tee', 'tee-shirt', 't-shirt', 't-shirt', 'T-Shirts', 'koszulki', { name: /T-shirt/ }),
  // Genders and age groups with a type.
  need('women shoes', 'chaussures femme', 'scarpe donna', 'zapatos mujer', 'Damen Schuhe', 'buty damskie', { gender: 'women', garments: ['shoes'] }),
  need('mens shoes', 'chaussures homme', 'scarpe uomo', 'zapatos hombre', 'Schuhe Herren', 'buty męskie', { gender: 'men', garments: ['shoes'] }),
  need('womens jeans', 'jean femme', 'jeans donna', 'vaqueros mujer', 'Damen Jeans', 'jeansy damskie', { gender: 'women', garments: ['trousers'], name: /denim/ }),
  need('jumper men', 'pull homme', 'maglione uomo', 'jersey hombre', 'Pullover Herren', 'sweter męski', { gender: 'men', name: /jumper/ }),
  need('kids t-shirt', 't-shirt enfant', 'maglietta bambini', 'camiseta niños', 'T-Shirt Kinder', 'koszulka dziecięca', { gender: 'kids', name: /T-shirt/ }),
  need('womens knitwear', 'mailles femme', 'maglieria donna', 'punto mujer', 'Strick Damen', 'dzianina damska', { gender: 'women', garments: ['knit', 'scarf'] }),
  need('sneakers women', 'baskets femme', 'sneakers donna', 'zapatillas mujer', 'Sneaker Damen', 'sneakersy damskie', { gender: 'women', name: /sneakers/ }),
  need('blazer men', 'blazer homme', 'blazer uomo', 'americana hombre', 'Blazer Herren', 'marynarka męska', { gender: 'men', name: /blazer/ }),
  need('kids dresses', 'robes enfant', 'vestiti bambina', 'vestidos niña', 'Kleider Mädchen', 'sukienka dla dziewczynki', { gender: 'kids', garments: ['dress'] }),
  need('kids trousers', 'pantalons enfants', 'pantaloni bambini', 'pantalones niños', 'Hosen Kinder', 'spodnie dziecięce', { gender: 'kids', garments: ['trousers'] }),
  // Colours, in their forms.
  need('red dress', 'robe rouge', 'vestito rosso', 'vestido rojo', 'rotes Kleid', 'czerwona sukienka', { garments: ['dress'], colour: 'Red' }),
  need('black skirt', 'jupe noire', 'gonna nera', 'falda negra', 'schwarzer Rock', 'czarna spódnica', { garments: ['skirt'], colour: 'Black' }),
  need('white shirt', 'chemise blanche', 'camicia bianca', 'camisa blanca', 'weißes Hemd', 'biała koszula', { garments: ['shirt'], colour: 'White' }),
  need('blue shirt men', 'chemise bleue homme', 'camicia blu uomo', 'camisa azul hombre', 'blaues Hemd Herren', 'niebieska koszula męska', { gender: 'men', garments: ['shirt'], colour: 'Blue' }),
  need('navy jumper mens', 'pull bleu marine homme', 'maglione blu navy uomo', 'jersey azul marino hombre', 'marineblauer Pullover Herren', 'granatowy sweter męski', { gender: 'men', name: /jumper/, colour: 'Navy' }),
  need('grey cardigan', 'cardigan gris', 'cardigan grigio', 'cárdigan gris', 'graue Strickjacke', 'szary kardigan', { name: /cardigan/, colour: 'Grey' }),
  // Materials, alone and with a type.
  need('leather', 'cuir', 'pelle', 'piel', 'Leder', 'skóra', { name: /leather/ }),
  need('linen shirt', 'chemise en lin', 'camicia in lino', 'camisa de lino', 'Hemd Leinen', 'lniana koszula', { garments: ['shirt'], name: /linen/ }),
  need('organic cotton', 'coton bio', 'cotone biologico', 'algodón orgánico', 'Bio-Baumwolle', 'bawełna organiczna', { name: /organic cotton/ }),
  need('silk blouse', 'blouse en soie', 'blusa di seta', 'blusa de seda', 'Bluse Seide', 'jedwabna bluzka', { name: /silk blouse/ }),
  need('leather loafers', 'mocassins en cuir', 'mocassini in pelle', 'mocasines de piel', 'Loafer Leder', 'skórzane mokasyny', { name: /leather loafers/ }),
  need('cashmere jumper', 'pull en cachemire', 'maglione cashmere', 'jersey de cachemir', 'Pullover Kaschmir', 'kaszmirowy sweter', { name: /cashmere (half-zip )?jumper/ }),
  need('corduroy trousers', 'pantalon en velours côtelé', 'pantaloni in velluto a coste', 'pantalón de pana', 'Hose aus Cord', 'sztruksowe spodnie', { garments: ['trousers'], name: /corduroy/ }),
  // Three words.
  need('white leather sneakers', 'baskets en cuir blanches', 'sneakers in pelle bianche', 'zapatillas de piel blancas', 'weiße Sneaker Leder', 'białe skórzane sneakersy', { name: /leather sneakers/, colour: 'White' }),
  need('womens wool coat', 'manteau laine femme', 'cappotto lana donna', 'abrigo de lana mujer', 'Mantel Wolle Damen', 'wełniany płaszcz damski', { gender: 'women', name: /wool coat$/ }),
  need('mens linen shirt', 'chemise en lin homme', 'camicia di lino uomo', 'camisa de lino hombre', 'Herrenleinenhemd', 'lniana koszula męska', { gender: 'men', garments: ['shirt'], name: /linen/ }),
  need('womens leather shoes', 'chaussures en cuir femme', 'scarpe in pelle donna', 'zapatos de piel mujer', 'Damenlederschuhe', 'skórzane buty damskie', { gender: 'women', garments: ['shoes'], name: /leather/ }),
  // Brands.
  need('Nordvik', 'Nordvik', 'Nordvik', 'Nordvik', 'Nordvik', 'Nordvik', { brand: 'Nordvik' }),
  need('Little Oak pyjamas', 'pyjama Little Oak', 'pigiama Little Oak', 'pijama Little Oak', 'Schlafanzug Little Oak', 'piżama Little Oak', { brand: 'Little Oak', name: /pyjamas/ }),
  // Misspellings.
  need('jaket', 'vestte', 'giaca', 'chaketa', 'Jake', 'kurtak', { name: /jacket/ }),
  need('cardigen', 'cardigann', 'cardigam', 'cardigann', 'Strickjake', 'kardigen', { name: /cardigan/ }),
];
