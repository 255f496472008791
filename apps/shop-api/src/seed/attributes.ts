import type { attributeGroups, attributeGroupTranslations, attributes, attributeTranslations } from '../db/schema.ts';
import { byLang, LANGS, t, type Translated } from './shared.ts';

const SIZE_GROUP_ID = 1;
const COLOR_GROUP_ID = 2;

const GROUPS = [
  { id: SIZE_GROUP_ID, kind: 'size', name: t('Size', 'Taille', 'Taglia', 'Talla', 'Größe') },
  { id: COLOR_GROUP_ID, kind: 'color', name: t('Colour', 'Couleur', 'Colore', 'Color', 'Farbe') },
];

/** `key` is the language-independent label used in combination references (e.g. W-DRS-0001-M-NAVY). */
export type Size = { id: number; key: string; label: Translated };
export type Colour = { id: number; key: string; hex: string; name: Translated };

const same = (label: string): Translated => byLang(() => label);

// Attribute ids run in this order: adult sizes 1–5, kids sizes 6–10, shoe sizes 11–20, colours 21–32, one size 33.
const ADULT_SIZE_KEYS = ['XS', 'S', 'M', 'L', 'XL'];
const KIDS_AGES = [4, 6, 8, 10, 12];
const SHOE_SIZE_KEYS = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45'];

const sizeDefs = [
  ...ADULT_SIZE_KEYS.map((key) => ({ key, label: same(key) })),
  ...KIDS_AGES.map((age) => ({
    key: `${age}Y`,
    label: t(`${age} yrs`, `${age} ans`, `${age} anni`, `${age} años`, `${age} J.`),
  })),
  ...SHOE_SIZE_KEYS.map((key) => ({ key, label: same(key) })),
];
const SIZES: Size[] = sizeDefs.map((size, index) => ({ ...size, id: index + 1 }));

const sizesByKey = (keys: readonly string[]): Size[] => SIZES.filter((size) => keys.includes(size.key));

/** The size runs products are sold in. */
export const SIZE_RUNS = {
  women: sizesByKey(ADULT_SIZE_KEYS),
  men: sizesByKey(['S', 'M', 'L', 'XL']),
  kids: sizesByKey(KIDS_AGES.map((age) => `${age}Y`)),
  womenShoes: sizesByKey(SHOE_SIZE_KEYS.slice(0, 6)),
  menShoes: sizesByKey(SHOE_SIZE_KEYS.slice(4)),
} as const;

const colourDefs: Omit<Colour, 'id'>[] = [
  { key: 'BLACK', hex: '#1f1f1f', name: t('Black', 'Noir', 'Nero', 'Negro', 'Schwarz') },
  { key: 'WHITE', hex: '#f4f1ea', name: t('White', 'Blanc', 'Bianco', 'Blanco', 'Weiß') },
  { key: 'NAVY', hex: '#1f2a44', name: t('Navy', 'Bleu marine', 'Blu navy', 'Azul marino', 'Marineblau') },
  { key: 'BLUE', hex: '#3a6ea5', name: t('Blue', 'Bleu', 'Blu', 'Azul', 'Blau') },
  { key: 'SKY', hex: '#a7c7e7', name: t('Light blue', 'Bleu ciel', 'Azzurro', 'Celeste', 'Hellblau') },
  { key: 'RED', hex: '#b3262e', name: t('Red', 'Rouge', 'Rosso', 'Rojo', 'Rot') },
  { key: 'OLIVE', hex: '#5f6b3a', name: t('Olive green', 'Vert olive', 'Verde oliva', 'Verde oliva', 'Olivgrün') },
  { key: 'BEIGE', hex: '#d8c3a5', name: t('Beige', 'Beige', 'Beige', 'Beige', 'Beige') },
  { key: 'GREY', hex: '#8a8d91', name: t('Grey', 'Gris', 'Grigio', 'Gris', 'Grau') },
  { key: 'PINK', hex: '#e8a7b8', name: t('Pink', 'Rose', 'Rosa', 'Rosa', 'Rosa') },
  { key: 'BROWN', hex: '#6b4a35', name: t('Brown', 'Marron', 'Marrone', 'Marrón', 'Braun') },
  { key: 'MUSTARD', hex: '#d9a21b', name: t('Mustard', 'Moutarde', 'Senape', 'Mostaza', 'Senfgelb') },
];
export const COLOURS: Colour[] = colourDefs.map((colour, index) => ({ ...colour, id: SIZES.length + index + 1 }));

/** For one-size accessories; added after the colours, so that the ids above stay as they were. */
export const ONE_SIZE: Size = { id: SIZES.length + COLOURS.length + 1, key: 'ONE', label: t('One size', 'Taille unique', 'Taglia unica', 'Talla única', 'Einheitsgröße') };

export function attributeRows(): {
  groups: (typeof attributeGroups.$inferInsert)[];
  groupTranslations: (typeof attributeGroupTranslations.$inferInsert)[];
  attributes: (typeof attributes.$inferInsert)[];
  translations: (typeof attributeTranslations.$inferInsert)[];
} {
  const all = [
    ...[...SIZES, ONE_SIZE].map((size, position) => ({ id: size.id, groupId: SIZE_GROUP_ID, position, colorHex: null, name: size.label })),
    ...COLOURS.map((colour, position) => ({ id: colour.id, groupId: COLOR_GROUP_ID, position, colorHex: colour.hex, name: colour.name })),
  ];
  return {
    groups: GROUPS.map(({ id, kind }, position) => ({ id, kind, position })),
    groupTranslations: GROUPS.flatMap((group) => LANGS.map((lang) => ({ groupId: group.id, lang, name: group.name[lang] }))),
    attributes: all.map(({ id, groupId, position, colorHex }) => ({ id, groupId, position, colorHex })),
    translations: all.flatMap((attribute) => LANGS.map((lang) => ({ attributeId: attribute.id, lang, name: attribute.name[lang] }))),
  };
}
