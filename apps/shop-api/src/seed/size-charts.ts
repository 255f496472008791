import { slugify, type Lang } from '@shop/contract';
import { SIZE_RUNS, type Size } from './attributes.ts';
import { GENDERS, type Gender } from './categories.ts';
import { byLang, t, type PageSource, type Translated } from './shared.ts';

const ADULT_COLUMNS: Record<Lang, string[]> = {
  en: ['Size', 'Chest (cm)', 'Waist (cm)', 'Hips (cm)'],
  fr: ['Taille', 'Poitrine (cm)', 'Tour de taille (cm)', 'Hanches (cm)'],
  it: ['Taglia', 'Petto (cm)', 'Vita (cm)', 'Fianchi (cm)'],
  es: ['Talla', 'Pecho (cm)', 'Cintura (cm)', 'Cadera (cm)'],
  de: ['Größe', 'Brustumfang (cm)', 'Taillenumfang (cm)', 'Hüftumfang (cm)'],
};

const KIDS_COLUMNS: Record<Lang, string[]> = {
  en: ['Age', 'Height (cm)', 'Chest (cm)'],
  fr: ['Âge', 'Stature (cm)', 'Poitrine (cm)'],
  it: ['Età', 'Altezza (cm)', 'Petto (cm)'],
  es: ['Edad', 'Altura (cm)', 'Pecho (cm)'],
  de: ['Alter', 'Körpergröße (cm)', 'Brustumfang (cm)'],
};

type Chart = { gender: Gender; title: Translated; columns: Record<Lang, string[]>; sizes: Size[]; measures: Record<string, string[]> };

const CHARTS: Chart[] = [
  {
    gender: 'women',
    title: t("Women's size chart", 'Guide des tailles femme', 'Tabella taglie donna', 'Guía de tallas mujer', 'Größentabelle Damen'),
    columns: ADULT_COLUMNS,
    sizes: SIZE_RUNS.women,
    measures: {
      XS: ['80–84', '62–66', '88–92'],
      S: ['84–88', '66–70', '92–96'],
      M: ['88–94', '70–76', '96–102'],
      L: ['94–100', '76–82', '102–108'],
      XL: ['100–106', '82–88', '108–114'],
    },
  },
  {
    gender: 'men',
    title: t("Men's size chart", 'Guide des tailles homme', 'Tabella taglie uomo', 'Guía de tallas hombre', 'Größentabelle Herren'),
    columns: ADULT_COLUMNS,
    sizes: SIZE_RUNS.men,
    measures: {
      S: ['90–96', '78–84', '92–98'],
      M: ['96–102', '84–90', '98–104'],
      L: ['102–108', '90–96', '104–110'],
      XL: ['108–114', '96–102', '110–116'],
    },
  },
  {
    gender: 'kids',
    title: t("Kids' size chart", 'Guide des tailles enfant', 'Tabella taglie bambini', 'Guía de tallas niños', 'Größentabelle Kinder'),
    columns: KIDS_COLUMNS,
    sizes: SIZE_RUNS.kids,
    measures: {
      '4Y': ['98–104', '54–56'],
      '6Y': ['110–116', '58–60'],
      '8Y': ['122–128', '62–64'],
      '10Y': ['134–140', '66–68'],
      '12Y': ['146–152', '70–74'],
    },
  },
];

/** Size charts, one per gender, at /{lang}/size-chart/{slug} where the slug is the gender's name. */
export const SIZE_CHART_PAGES: PageSource[] = CHARTS.map((chart) => ({
  key: `size-chart-${chart.gender}`,
  texts: byLang((lang) => ({
    title: chart.title[lang],
    slug: slugify(GENDERS[chart.gender].name[lang], lang),
    body: {
      columns: chart.columns[lang],
      rows: chart.sizes.map((size) => [size.label[lang], ...(chart.measures[size.key] ?? [])]),
    },
  })),
}));
