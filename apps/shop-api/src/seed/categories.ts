import { slugify, type Lang } from '@shop/contract';
import type { categories, categoryTranslations } from '../db/schema.ts';
import { byLang, LANGS, t, type Translated } from './shared.ts';

export type Gender = 'women' | 'men' | 'kids';

const ROOT_ID = 1;
const HOME_ID = 2;

type CategoryText = { name: Translated; description: Translated };

const ROOT: CategoryText = {
  name: t('Root', 'Racine', 'Radice', 'Raíz', 'Wurzel'),
  description: t(
    'The root of the catalogue.',
    'La racine du catalogue.',
    'La radice del catalogo.',
    'La raíz del catálogo.',
    'Die Wurzel des Katalogs.',
  ),
};

const HOME: CategoryText = {
  name: t('Home', 'Accueil', 'Pagina iniziale', 'Inicio', 'Startseite'),
  description: t(
    'All our collections for women, men and kids.',
    'Toutes nos collections pour femme, homme et enfant.',
    'Tutte le nostre collezioni per donna, uomo e bambini.',
    'Todas nuestras colecciones para mujer, hombre y niños.',
    'Alle unsere Kollektionen für Damen, Herren und Kinder.',
  ),
};

/** The three gender categories, children of home (ids 3, 4, 5). */
export const GENDERS: Record<Gender, CategoryText & { id: number }> = {
  women: {
    id: 3,
    name: t('Women', 'Femme', 'Donna', 'Mujer', 'Damen'),
    description: t(
      'Dresses, knitwear, tailoring and shoes for every day and every occasion.',
      'Robes, mailles, tailleurs et chaussures pour tous les jours et toutes les occasions.',
      'Abiti, maglieria, capispalla e scarpe per ogni giorno e ogni occasione.',
      'Vestidos, punto, sastrería y calzado para el día a día y cualquier ocasión.',
      'Kleider, Strick, Jacken und Schuhe für jeden Tag und jeden Anlass.',
    ),
  },
  men: {
    id: 4,
    name: t('Men', 'Homme', 'Uomo', 'Hombre', 'Herren'),
    description: t(
      'Shirts, knitwear, trousers and outerwear with a clean, timeless cut.',
      'Chemises, mailles, pantalons et vestes à la coupe nette et intemporelle.',
      'Camicie, maglieria, pantaloni e capispalla dal taglio pulito e senza tempo.',
      'Camisas, punto, pantalones y prendas de abrigo de corte limpio y atemporal.',
      'Hemden, Strick, Hosen und Jacken mit klarem, zeitlosem Schnitt.',
    ),
  },
  kids: {
    id: 5,
    name: t('Kids', 'Enfant', 'Bambini', 'Niños', 'Kinder'),
    description: t(
      'Comfortable, durable clothes for children aged 4 to 12.',
      'Des vêtements confortables et résistants pour les enfants de 4 à 12 ans.',
      'Abbigliamento comodo e resistente per bambini dai 4 ai 12 anni.',
      'Ropa cómoda y resistente para niños de 4 a 12 años.',
      'Bequeme, strapazierfähige Kleidung für Kinder von 4 bis 12 Jahren.',
    ),
  },
};

const FIRST_SUBCATEGORY_ID = 6;

/**
 * Subcategories get ids from 6 in this order. Keep women's jackets & coats fifth: the storefront
 * shows "recommended products" from category 10, which must be a well-stocked clothing category.
 */
const SUBCATEGORY_DEFS = [
  {
    key: 'women-dresses',
    gender: 'women',
    name: t('Dresses', 'Robes', 'Abiti', 'Vestidos', 'Kleider'),
    description: t(
      'Midi, wrap and shirt dresses in natural fabrics.',
      'Robes midi, portefeuille et chemise en matières naturelles.',
      'Abiti midi, a portafoglio e chemisier in tessuti naturali.',
      'Vestidos midi, cruzados y camiseros en tejidos naturales.',
      'Midi-, Wickel- und Blusenkleider aus natürlichen Stoffen.',
    ),
  },
  {
    key: 'women-tops',
    gender: 'women',
    name: t('Tops & shirts', 'Hauts & chemises', 'Top e camicie', 'Tops y camisas', 'Tops & Blusen'),
    description: t(
      'Blouses, shirts and T-shirts to wear on their own or layered.',
      'Blouses, chemises et T-shirts à porter seuls ou superposés.',
      'Bluse, camicie e T-shirt da indossare da sole o a strati.',
      'Blusas, camisas y camisetas para llevar solas o en capas.',
      'Blusen, Hemden und T-Shirts, solo oder im Lagenlook getragen.',
    ),
  },
  {
    key: 'women-trousers',
    gender: 'women',
    name: t('Trousers', 'Pantalons', 'Pantaloni', 'Pantalones', 'Hosen'),
    description: t(
      'Wide-leg, straight and cigarette trousers for a sharp silhouette.',
      'Pantalons larges, droits et cigarette pour une silhouette affirmée.',
      'Pantaloni ampi, dritti e a sigaretta per una silhouette decisa.',
      'Pantalones anchos, rectos y pitillo para una silueta definida.',
      'Weite, gerade und Zigarettenhosen für eine klare Silhouette.',
    ),
  },
  {
    key: 'women-knitwear',
    gender: 'women',
    name: t('Knitwear', 'Mailles', 'Maglieria', 'Punto', 'Strick'),
    description: t(
      'Soft jumpers, cardigans and turtlenecks in wool and cashmere.',
      'Pulls, cardigans et cols roulés tout doux en laine et cachemire.',
      'Maglioni, cardigan e dolcevita morbidi in lana e cashmere.',
      'Jerséis, cárdigans y cuellos altos suaves de lana y cachemir.',
      'Weiche Pullover, Strickjacken und Rollkragenpullover aus Wolle und Kaschmir.',
    ),
  },
  {
    key: 'women-jackets',
    gender: 'women',
    name: t('Jackets & coats', 'Vestes & manteaux', 'Giacche e cappotti', 'Chaquetas y abrigos', 'Jacken & Mäntel'),
    description: t(
      'Blazers, trench coats and coats to finish every outfit.',
      'Blazers, trenchs et manteaux pour parfaire chaque tenue.',
      'Blazer, trench e cappotti per completare ogni look.',
      'Americanas, gabardinas y abrigos para completar cualquier look.',
      'Blazer, Trenchcoats und Mäntel, die jedes Outfit abrunden.',
    ),
  },
  {
    key: 'women-skirts',
    gender: 'women',
    name: t('Skirts', 'Jupes', 'Gonne', 'Faldas', 'Röcke'),
    description: t(
      'Midi, pleated and mini skirts for every season.',
      'Jupes midi, plissées et mini pour toutes les saisons.',
      'Gonne midi, plissettate e mini per ogni stagione.',
      'Faldas midi, plisadas y mini para todas las estaciones.',
      'Midi-, Plissee- und Miniröcke für jede Jahreszeit.',
    ),
  },
  {
    key: 'women-shoes',
    gender: 'women',
    name: t('Shoes', 'Chaussures', 'Scarpe', 'Zapatos', 'Schuhe'),
    description: t(
      'Sneakers, loafers and ankle boots, from size 36 to 41.',
      'Baskets, mocassins et bottines, du 36 au 41.',
      'Sneakers, mocassini e stivaletti, dal 36 al 41.',
      'Zapatillas, mocasines y botines, del 36 al 41.',
      'Sneaker, Loafer und Stiefeletten in den Größen 36 bis 41.',
    ),
  },
  {
    key: 'men-shirts',
    gender: 'men',
    name: t('Shirts', 'Chemises', 'Camicie', 'Camisas', 'Hemden'),
    description: t(
      'Classic shirts, Oxford shirts and overshirts in cotton, linen and flannel.',
      'Chemises classiques, chemises Oxford et surchemises en coton, lin et flanelle.',
      'Camicie classiche, camicie Oxford e sovracamicie in cotone, lino e flanella.',
      'Camisas clásicas, camisas Oxford y sobrecamisas de algodón, lino y franela.',
      'Klassische Hemden, Oxfordhemden und Overshirts aus Baumwolle, Leinen und Flanell.',
    ),
  },
  {
    key: 'men-tshirts',
    gender: 'men',
    name: t('T-shirts & polos', 'T-shirts & polos', 'T-shirt e polo', 'Camisetas y polos', 'T-Shirts & Poloshirts'),
    description: t(
      'Everyday essentials in soft cotton jersey.',
      'Les essentiels du quotidien en jersey de coton tout doux.',
      'Gli essenziali di tutti i giorni in morbido jersey di cotone.',
      'Básicos para cada día en suave punto de algodón.',
      'Alltagsbasics aus weichem Baumwolljersey.',
    ),
  },
  {
    key: 'men-trousers',
    gender: 'men',
    name: t('Trousers', 'Pantalons', 'Pantaloni', 'Pantalones', 'Hosen'),
    description: t(
      'Chinos, five-pocket and pleated trousers for work and the weekend.',
      'Chinos, pantalons cinq poches et à pinces pour la semaine comme le week-end.',
      'Chino, pantaloni cinque tasche e con pinces per l’ufficio e il fine settimana.',
      'Chinos, pantalones de cinco bolsillos y de pinzas para el trabajo y el fin de semana.',
      'Chinos, Five-Pocket- und Bundfaltenhosen für Büro und Wochenende.',
    ),
  },
  {
    key: 'men-knitwear',
    gender: 'men',
    name: t('Knitwear', 'Mailles', 'Maglieria', 'Punto', 'Strick'),
    description: t(
      'Jumpers, cardigans and half-zip jumpers in merino, wool and cashmere.',
      'Pulls, cardigans et pulls camionneur en mérinos, laine et cachemire.',
      'Maglioni, cardigan e maglioni con mezza zip in merino, lana e cashmere.',
      'Jerséis, cárdigans y jerséis con media cremallera de merino, lana y cachemir.',
      'Pullover, Strickjacken und Troyer aus Merino, Wolle und Kaschmir.',
    ),
  },
  {
    key: 'men-jackets',
    gender: 'men',
    name: t('Jackets & coats', 'Vestes & manteaux', 'Giacche e cappotti', 'Chaquetas y abrigos', 'Jacken & Mäntel'),
    description: t(
      'Blazers, bomber jackets and coats built to last.',
      'Blazers, blousons et manteaux faits pour durer.',
      'Blazer, bomber e cappotti fatti per durare.',
      'Americanas, cazadoras bomber y abrigos hechos para durar.',
      'Blazer, Blousons und Mäntel, die lange halten.',
    ),
  },
  {
    key: 'men-shoes',
    gender: 'men',
    name: t('Shoes', 'Chaussures', 'Scarpe', 'Zapatos', 'Schuhe'),
    description: t(
      'Sneakers, loafers and derby shoes, from size 40 to 45.',
      'Baskets, mocassins et derbies, du 40 au 45.',
      'Sneakers, mocassini e stringate derby, dal 40 al 45.',
      'Zapatillas, mocasines y zapatos derby, del 40 al 45.',
      'Sneaker, Loafer und Derby-Schuhe in den Größen 40 bis 45.',
    ),
  },
  {
    key: 'kids-tshirts',
    gender: 'kids',
    name: t('T-shirts', 'T-shirts', 'T-shirt', 'Camisetas', 'T-Shirts'),
    description: t(
      'Colourful T-shirts made for playing.',
      'Des T-shirts colorés faits pour jouer.',
      'T-shirt colorate fatte per giocare.',
      'Camisetas de colores hechas para jugar.',
      'Bunte T-Shirts, gemacht zum Spielen.',
    ),
  },
  {
    key: 'kids-trousers',
    gender: 'kids',
    name: t('Trousers', 'Pantalons', 'Pantaloni', 'Pantalones', 'Hosen'),
    description: t(
      'Joggers, trousers and dungarees that keep up with them.',
      'Joggings, pantalons et salopettes qui suivent tous leurs mouvements.',
      'Pantaloni, pantaloni da jogging e salopette che seguono ogni movimento.',
      'Joggers, pantalones y petos que siguen su ritmo.',
      'Jogginghosen, Hosen und Latzhosen, die jede Bewegung mitmachen.',
    ),
  },
  {
    key: 'kids-dresses',
    gender: 'kids',
    name: t('Dresses', 'Robes', 'Vestiti', 'Vestidos', 'Kleider'),
    description: t(
      'Dresses and pinafores for school and parties.',
      'Robes et robes chasubles pour l’école et les fêtes.',
      'Vestiti e scamiciati per la scuola e le feste.',
      'Vestidos y pichis para el colegio y las fiestas.',
      'Kleider und Trägerkleider für Schule und Feste.',
    ),
  },
  {
    key: 'kids-jackets',
    gender: 'kids',
    name: t('Jackets', 'Vestes', 'Giacche', 'Chaquetas', 'Jacken'),
    description: t(
      'Raincoats and padded jackets for every kind of weather.',
      'Imperméables et doudounes pour affronter tous les temps.',
      'Impermeabili e piumini per ogni tempo.',
      'Chubasqueros y plumíferos para cualquier tiempo.',
      'Regenjacken und Steppjacken für jedes Wetter.',
    ),
  },
  {
    key: 'kids-pyjamas',
    gender: 'kids',
    name: t('Pyjamas', 'Pyjamas', 'Pigiami', 'Pijamas', 'Schlafanzüge'),
    description: t(
      'Soft pyjamas and nightdresses for sweet dreams.',
      'Pyjamas et chemises de nuit tout doux pour de beaux rêves.',
      'Pigiami e camicie da notte morbidi per sogni d’oro.',
      'Pijamas y camisones suaves para dulces sueños.',
      'Weiche Schlafanzüge und Nachthemden für süße Träume.',
    ),
  },
] as const satisfies readonly (CategoryText & { key: string; gender: Gender })[];

export type SubcategoryKey = (typeof SUBCATEGORY_DEFS)[number]['key'];
export type Subcategory = CategoryText & { id: number; key: SubcategoryKey; gender: Gender };

export const SUBCATEGORIES: readonly Subcategory[] = SUBCATEGORY_DEFS.map((def, index) => ({
  ...def,
  id: FIRST_SUBCATEGORY_ID + index,
}));

type CategoryNode = CategoryText & { id: number; parentId: number | null; position: number; slug: Translated };

function node(id: number, parentId: number | null, position: number, text: CategoryText, slugOf: (lang: Lang) => string): CategoryNode {
  return { ...text, id, parentId, position, slug: byLang(slugOf) };
}

function categoryTree(): CategoryNode[] {
  const genders = Object.values(GENDERS);
  return [
    node(ROOT_ID, null, 0, ROOT, (lang) => slugify(ROOT.name[lang], lang)),
    node(HOME_ID, ROOT_ID, 0, HOME, (lang) => slugify(HOME.name[lang], lang)),
    ...genders.map((gender, position) => node(gender.id, HOME_ID, position, gender, (lang) => slugify(gender.name[lang], lang))),
    // The same name exists under two genders (trousers, knitwear...): the gender in the slug keeps slugs unique.
    ...SUBCATEGORIES.map((sub) => {
      const parent = GENDERS[sub.gender];
      const position = SUBCATEGORIES.filter((other) => other.gender === sub.gender).indexOf(sub);
      return node(sub.id, parent.id, position, sub, (lang) => slugify(`${sub.name[lang]} ${parent.name[lang]}`, lang));
    }),
  ];
}

export function categoryRows(): {
  categories: (typeof categories.$inferInsert)[];
  translations: (typeof categoryTranslations.$inferInsert)[];
} {
  const tree = categoryTree();
  return {
    categories: tree.map(({ id, parentId, position }) => ({ id, parentId, position })),
    translations: tree.flatMap((category) =>
      LANGS.map((lang) => ({
        categoryId: category.id,
        lang,
        name: category.name[lang],
        slug: category.slug[lang],
        description: category.description[lang],
      })),
    ),
  };
}
