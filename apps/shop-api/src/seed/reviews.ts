import type { Lang } from '@shop/contract';
import type { productReviews } from '../db/schema.ts';
import type { SeededProduct } from './products.ts';
import { createRandom } from './random.ts';
import { daysBeforeReference, LANGS } from './shared.ts';

/**
 * The demo shop's reviews: most products have a few, in several languages, so that cards, listings sorted by
 * rating and the product pages show real averages. They belong to no account (customer_id null): the demo
 * customer has written none and can write one for what they bought.
 */

type Voice = { rating: number; fit: number; quality: number; comfort: number; texts: Record<Lang, [string, string]> };

const VOICES: Voice[] = [
  {
    rating: 5,
    fit: 3,
    quality: 5,
    comfort: 5,
    texts: {
      en: ['Perfect in every way', 'True to size, the fabric feels lovely and it washed well. I have worn it every week since it arrived.'],
      fr: ['Parfait à tous points de vue', 'Taille normalement, le tissu est agréable et il passe très bien au lavage. Je le porte chaque semaine.'],
      it: ['Perfetto sotto ogni aspetto', 'Veste regolare, il tessuto è piacevole e resiste bene ai lavaggi. Lo indosso ogni settimana.'],
      es: ['Perfecto en todo', 'Talla fiel, el tejido es agradable y aguanta bien los lavados. Lo uso todas las semanas.'],
      de: ['Rundum perfekt', 'Fällt normal aus, der Stoff fühlt sich toll an und übersteht die Wäsche gut. Ich trage es jede Woche.'],
    },
  },
  {
    rating: 4,
    fit: 2,
    quality: 4,
    comfort: 4,
    texts: {
      en: ['Lovely, but runs a little small', 'Beautiful colour and good stitching. I would take one size up: it is snug across the shoulders.'],
      fr: ['Très joli, mais taille un peu petit', 'Belle couleur et coutures soignées. Je conseille de prendre une taille au-dessus : un peu serré aux épaules.'],
      it: ['Bello, ma veste un po’ piccolo', 'Colore splendido e cuciture curate. Consiglio una taglia in più: stringe sulle spalle.'],
      es: ['Bonito, pero talla algo pequeño', 'Color precioso y buenas costuras. Yo pediría una talla más: queda justo de hombros.'],
      de: ['Schön, aber fällt etwas klein aus', 'Tolle Farbe und saubere Nähte. Ich würde eine Größe größer nehmen: an den Schultern eng.'],
    },
  },
  {
    rating: 5,
    fit: 3,
    quality: 5,
    comfort: 4,
    texts: {
      en: ['My new favourite', 'Great cut and the quality is better than I expected for the price. Delivery was quick too.'],
      fr: ['Mon nouveau préféré', 'Belle coupe et une qualité meilleure que prévu pour le prix. Livraison rapide en plus.'],
      it: ['Il mio nuovo preferito', 'Ottimo taglio e qualità migliore del previsto per il prezzo. Anche la consegna è stata veloce.'],
      es: ['Mi nuevo favorito', 'Buen corte y una calidad mejor de lo esperado por el precio. El envío también fue rápido.'],
      de: ['Mein neues Lieblingsstück', 'Toller Schnitt und bessere Qualität als erwartet für den Preis. Die Lieferung war auch schnell.'],
    },
  },
  {
    rating: 3,
    fit: 4,
    quality: 3,
    comfort: 4,
    texts: {
      en: ['Nice, but runs large', 'Comfortable and soft, but it comes up roomy. Take a size down if you like a closer fit.'],
      fr: ['Bien, mais taille grand', 'Confortable et doux, mais assez ample. Prenez une taille en dessous pour un porté plus ajusté.'],
      it: ['Carino, ma veste abbondante', 'Comodo e morbido, ma piuttosto ampio. Prendete una taglia in meno se lo volete più aderente.'],
      es: ['Bien, pero talla grande', 'Cómodo y suave, pero queda holgado. Pide una talla menos si lo quieres más ajustado.'],
      de: ['Gut, aber fällt groß aus', 'Bequem und weich, aber recht weit geschnitten. Eine Größe kleiner, wenn es enger sitzen soll.'],
    },
  },
  {
    rating: 2,
    fit: 3,
    quality: 2,
    comfort: 3,
    texts: {
      en: ['Disappointing fabric', 'The fit is fine, but the fabric pilled after a few washes. I expected more from this brand.'],
      fr: ['Tissu décevant', 'La coupe va bien, mais le tissu a bouloché après quelques lavages. J’attendais mieux de cette marque.'],
      it: ['Tessuto deludente', 'La vestibilità va bene, ma il tessuto ha fatto i pallini dopo pochi lavaggi. Mi aspettavo di più.'],
      es: ['Tejido decepcionante', 'El corte está bien, pero el tejido hizo bolitas tras pocos lavados. Esperaba más de esta marca.'],
      de: ['Enttäuschender Stoff', 'Die Passform stimmt, aber der Stoff hat nach wenigen Wäschen Knötchen gebildet. Ich hatte mehr erwartet.'],
    },
  },
  {
    rating: 4,
    fit: 3,
    quality: 4,
    comfort: 5,
    texts: {
      en: ['Comfortable all day', 'Soft, light and easy to wear from morning to evening. The colour is slightly darker than in the photos.'],
      fr: ['Confortable toute la journée', 'Doux, léger et facile à porter du matin au soir. La couleur est un peu plus foncée que sur les photos.'],
      it: ['Comodo tutto il giorno', 'Morbido, leggero e facile da portare dalla mattina alla sera. Il colore è un po’ più scuro che in foto.'],
      es: ['Cómodo todo el día', 'Suave, ligero y fácil de llevar de la mañana a la noche. El color es algo más oscuro que en las fotos.'],
      de: ['Den ganzen Tag bequem', 'Weich, leicht und angenehm von morgens bis abends. Die Farbe ist etwas dunkler als auf den Fotos.'],
    },
  },
];

const AUTHORS = ['Sophie M.', 'Luca B.', 'Marta G.', 'Hannah K.', 'Camille D.', 'Javier R.', 'Anna W.', 'Emma T.', 'Giorgio P.', 'Lena S.', 'Chloé L.', 'Pablo F.'];

/** Its own stream of numbers: adding reviews leaves the rest of the demo shop as it was. */
const REVIEW_SEED = 14_014;

export function demoReviews(catalogue: SeededProduct[]): (typeof productReviews.$inferInsert)[] {
  const random = createRandom(REVIEW_SEED);
  return catalogue.flatMap((product) => {
    // About two products in three have reviews.
    if (!random.chance(0.65)) return [];
    const count = random.int(1, 7);
    return Array.from({ length: count }, () => {
      const voice = random.pick(VOICES);
      const lang = random.chance(0.4) ? 'en' : random.pick(LANGS);
      const [title, content] = voice.texts[lang];
      const createdAt = daysBeforeReference(random.int(3, 300));
      return {
        productId: product.id,
        customerId: null,
        authorName: random.pick(AUTHORS),
        lang,
        title,
        content,
        rating: voice.rating,
        fit: voice.fit,
        quality: voice.quality,
        comfort: random.chance(0.8) ? voice.comfort : null,
        createdAt,
        updatedAt: createdAt,
      };
    });
  });
}
