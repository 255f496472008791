import type { brands, brandTranslations } from '../db/schema.ts';
import type { Gender } from './categories.ts';
import { slugify, type Garment } from '@shop/contract';
import { LANGS, t, type Translated } from './shared.ts';

/** Invented brands; each one makes only some garments for some genders. */
type Brand = { id: number; name: string; genders: Gender[]; garments: Garment[]; description: Translated };

const BRANDS: Brand[] = [
  {
    id: 1,
    name: 'Maison Lune',
    genders: ['women'],
    garments: ['dress', 'shirt', 'skirt', 'tshirt'],
    description: t(
      'Paris-inspired dresses and blouses with a soft, romantic touch.',
      'Des robes et des blouses d’inspiration parisienne, à la touche douce et romantique.',
      'Abiti e bluse di ispirazione parigina dal tocco morbido e romantico.',
      'Vestidos y blusas de inspiración parisina con un toque suave y romántico.',
      'Von Paris inspirierte Kleider und Blusen mit einer sanften, romantischen Note.',
    ),
  },
  {
    id: 2,
    name: 'Atelier Brera',
    genders: ['women', 'men'],
    garments: ['jacket', 'coat', 'trousers', 'shirt', 'shoes'],
    description: t(
      'Milanese tailoring with sharp lines and refined fabrics.',
      'Le tailleur milanais, aux lignes nettes et aux tissus raffinés.',
      'Sartoria milanese dalle linee decise e dai tessuti raffinati.',
      'Sastrería milanesa de líneas definidas y tejidos refinados.',
      'Mailänder Schneiderkunst mit klaren Linien und edlen Stoffen.',
    ),
  },
  {
    id: 3,
    name: 'Nordvik',
    genders: ['women', 'men'],
    garments: ['knit', 'coat', 'jacket'],
    description: t(
      'Scandinavian knitwear and outerwear designed for long winters.',
      'Mailles et vêtements d’extérieur scandinaves conçus pour les longs hivers.',
      'Maglieria e capispalla scandinavi pensati per i lunghi inverni.',
      'Punto y prendas de abrigo escandinavas pensadas para los largos inviernos.',
      'Skandinavische Strickmode und Oberbekleidung für lange Winter.',
    ),
  },
  {
    id: 4,
    name: 'Costa Serena',
    genders: ['women', 'men'],
    garments: ['dress', 'shirt', 'tshirt', 'trousers', 'skirt'],
    description: t(
      'Relaxed linen and cotton pieces for Mediterranean summers.',
      'Des pièces décontractées en lin et en coton pour les étés méditerranéens.',
      'Capi rilassati in lino e cotone per le estati mediterranee.',
      'Prendas relajadas de lino y algodón para los veranos mediterráneos.',
      'Lässige Teile aus Leinen und Baumwolle für mediterrane Sommer.',
    ),
  },
  {
    id: 5,
    name: 'Fil Rouge',
    genders: ['women'],
    garments: ['tshirt', 'knit', 'dress', 'skirt', 'trousers'],
    description: t(
      'Colourful everyday essentials made from organic cotton.',
      'Des essentiels colorés du quotidien en coton bio.',
      'Essenziali colorati di tutti i giorni in cotone biologico.',
      'Básicos de colores para el día a día, de algodón orgánico.',
      'Farbenfrohe Alltagsbasics aus Bio-Baumwolle.',
    ),
  },
  {
    id: 6,
    name: 'Harbour & Pine',
    genders: ['men'],
    garments: ['shirt', 'trousers', 'jacket', 'tshirt'],
    description: t(
      'Workwear-inspired shirts, chinos and jackets for the weekend.',
      'Chemises, chinos et vestes inspirés des vêtements de travail, pour le week-end.',
      'Camicie, chino e giacche ispirati all’abbigliamento da lavoro, per il fine settimana.',
      'Camisas, chinos y chaquetas inspirados en la ropa de trabajo, para el fin de semana.',
      'Von Arbeitskleidung inspirierte Hemden, Chinos und Jacken fürs Wochenende.',
    ),
  },
  {
    id: 7,
    name: 'Vellano',
    genders: ['women', 'men'],
    garments: ['knit', 'trousers', 'coat'],
    description: t(
      'Italian knitwear and trousers in premium natural fibres.',
      'Mailles et pantalons italiens en fibres naturelles haut de gamme.',
      'Maglieria e pantaloni italiani in pregiate fibre naturali.',
      'Punto y pantalones italianos en fibras naturales de primera calidad.',
      'Italienische Strickwaren und Hosen aus hochwertigen Naturfasern.',
    ),
  },
  {
    id: 8,
    name: 'Passo Leggero',
    genders: ['women', 'men'],
    garments: ['shoes'],
    description: t(
      'Handmade shoes with light, flexible soles.',
      'Des chaussures faites main aux semelles légères et souples.',
      'Scarpe fatte a mano con suole leggere e flessibili.',
      'Zapatos hechos a mano con suelas ligeras y flexibles.',
      'Handgefertigte Schuhe mit leichten, flexiblen Sohlen.',
    ),
  },
  {
    id: 9,
    name: 'Piccolo Mondo',
    genders: ['kids'],
    garments: ['tshirt', 'trousers', 'dress', 'jacket', 'coat', 'pyjamas'],
    description: t(
      'Playful clothes for kids, tested on the playground.',
      'Des vêtements ludiques pour enfants, testés dans la cour de récréation.',
      'Abbigliamento giocoso per bambini, collaudato al parco giochi.',
      'Ropa divertida para niños, probada en el parque.',
      'Verspielte Kinderkleidung, auf dem Spielplatz erprobt.',
    ),
  },
  {
    id: 10,
    name: 'Little Oak',
    genders: ['kids'],
    garments: ['tshirt', 'trousers', 'pyjamas', 'dress'],
    description: t(
      'Durable organic basics that are handed down from one child to the next.',
      'Des basiques bio et résistants, qui se transmettent d’un enfant à l’autre.',
      'Capi basic biologici e resistenti, da passare da un bambino all’altro.',
      'Básicos orgánicos y resistentes que pasan de un niño a otro.',
      'Langlebige Bio-Basics, die von Kind zu Kind weitergegeben werden.',
    ),
  },
];

/** Ids of the brands that make this kind of garment for this gender. */
export function brandIdsFor(gender: Gender, garment: Garment): number[] {
  return BRANDS.filter((brand) => brand.genders.includes(gender) && brand.garments.includes(garment)).map((brand) => brand.id);
}

export function brandRows(): { brands: (typeof brands.$inferInsert)[]; translations: (typeof brandTranslations.$inferInsert)[] } {
  return {
    brands: BRANDS.map(({ id, name }) => ({ id, name, slug: slugify(name) })),
    translations: BRANDS.flatMap((brand) => LANGS.map((lang) => ({ brandId: brand.id, lang, description: brand.description[lang] }))),
  };
}
