import type { brandFreeShipping, carrierRates, carriers, pickupPoints } from '../db/schema.ts';

/**
 * How the demo shop delivers: to the door (standard or express) or to a collection point, priced per group of
 * countries (VAT included); collection points in every country the shop sells to; and the Italian free
 * shipping from 100 EUR for one brand (SPEC §9).
 */

type Names = Record<'en' | 'fr' | 'it' | 'es' | 'de' | 'pl', string>;

export const DEMO_CARRIERS: (typeof carriers.$inferInsert & { names: Names })[] = [
  {
    id: 1,
    code: 'standard',
    kind: 'home',
    position: 1,
    freeShippingApplies: true,
    names: { en: 'Standard delivery', fr: 'Livraison standard', it: 'Consegna standard', es: 'Envío estándar', de: 'Standardversand', pl: 'Dostawa standardowa' },
  },
  {
    id: 2,
    code: 'express',
    kind: 'home',
    position: 2,
    // Speed is paid for: the free-shipping rules make standard delivery free, not express.
    freeShippingApplies: false,
    names: { en: 'Express delivery', fr: 'Livraison express', it: 'Consegna espressa', es: 'Envío exprés', de: 'Expressversand', pl: 'Dostawa ekspresowa' },
  },
  {
    id: 3,
    code: 'pickup',
    kind: 'pickup',
    position: 3,
    freeShippingApplies: true,
    names: { en: 'Collection point', fr: 'Point relais', it: 'Punto di ritiro', es: 'Punto de recogida', de: 'Abholstation', pl: 'Punkt odbioru' },
  },
];

export const DEMO_CARRIER_RATES: (typeof carrierRates.$inferInsert)[] = [
  { carrierId: 1, groupKey: 'EU', priceCents: 690, minDays: 3, maxDays: 5 },
  { carrierId: 1, groupKey: 'EUROPE_OTHER', priceCents: 1490, minDays: 5, maxDays: 8 },
  { carrierId: 1, groupKey: 'WORLD', priceCents: 2490, minDays: 7, maxDays: 14 },
  { carrierId: 2, groupKey: 'EU', priceCents: 1290, minDays: 1, maxDays: 2 },
  { carrierId: 2, groupKey: 'EUROPE_OTHER', priceCents: 2490, minDays: 2, maxDays: 3 },
  { carrierId: 2, groupKey: 'WORLD', priceCents: 3990, minDays: 3, maxDays: 5 },
  // Offered where the country has collection points (every country the shop sells to).
  { carrierId: 3, groupKey: 'EU', priceCents: 390, minDays: 2, maxDays: 4 },
  { carrierId: 3, groupKey: 'EUROPE_OTHER', priceCents: 990, minDays: 4, maxDays: 7 },
  { carrierId: 3, groupKey: 'WORLD', priceCents: 1990, minDays: 6, maxDays: 12 },
];

/** A city with its centre and the streets its collection points are in (all invented shops). */
type City = { country: string; city: string; postcode: string; latitude: number; longitude: number; shops: [string, string][] };

const CITIES: City[] = [
  { country: 'IT', city: 'Milano', postcode: '20121', latitude: 45.4642, longitude: 9.19, shops: [['Edicola Brera', 'Via Solferino 12'], ['Tabaccheria Duomo', 'Via Torino 45'], ['Cartoleria Navigli', 'Ripa di Porta Ticinese 33'], ['Bar Centrale', 'Corso Buenos Aires 78']] },
  { country: 'IT', city: 'Roma', postcode: '00184', latitude: 41.9028, longitude: 12.4964, shops: [['Edicola Monti', 'Via Nazionale 150'], ['Tabacchi Trastevere', 'Viale di Trastevere 60'], ['Libreria Prati', 'Via Cola di Rienzo 210']] },
  { country: 'IT', city: 'Torino', postcode: '10121', latitude: 45.0703, longitude: 7.6869, shops: [['Edicola Porta Nuova', 'Via Roma 300'], ['Ferramenta San Salvario', 'Via Nizza 55']] },
  { country: 'FR', city: 'Paris', postcode: '75001', latitude: 48.8566, longitude: 2.3522, shops: [['Tabac du Louvre', 'Rue de Rivoli 150'], ['Presse Montmartre', 'Rue Lepic 20'], ['Épicerie Bastille', 'Rue de la Roquette 44'], ['Pressing Saint-Germain', 'Rue de Buci 8']] },
  { country: 'FR', city: 'Lyon', postcode: '69001', latitude: 45.764, longitude: 4.8357, shops: [['Tabac des Terreaux', 'Place des Terreaux 3'], ['Librairie Bellecour', 'Rue Victor Hugo 21']] },
  { country: 'FR', city: 'Marseille', postcode: '13001', latitude: 43.2965, longitude: 5.3698, shops: [['Presse du Vieux-Port', 'Quai du Port 12'], ['Bazar Canebière', 'La Canebière 90']] },
  { country: 'ES', city: 'Madrid', postcode: '28001', latitude: 40.4168, longitude: -3.7038, shops: [['Estanco Salamanca', 'Calle de Serrano 60'], ['Papelería Malasaña', 'Calle del Pez 14'], ['Kiosco Retiro', 'Calle de Alcalá 120']] },
  { country: 'ES', city: 'Barcelona', postcode: '08001', latitude: 41.3874, longitude: 2.1686, shops: [['Estanc del Raval', 'Carrer de la Riera Baixa 5'], ['Llibreria Gràcia', 'Carrer Gran de Gràcia 80'], ['Drogueria Eixample', "Carrer d'Aragó 230"]] },
  { country: 'ES', city: 'Valencia', postcode: '46001', latitude: 39.4699, longitude: -0.3763, shops: [['Estanco Ruzafa', 'Carrer de Sueca 30'], ['Papelería del Carmen', 'Carrer de Quart 18']] },
  { country: 'DE', city: 'Berlin', postcode: '10115', latitude: 52.52, longitude: 13.405, shops: [['Späti Mitte', 'Torstraße 120'], ['Kiosk Kreuzberg', 'Oranienstraße 40'], ['Schreibwaren Prenzlauer Berg', 'Kastanienallee 22']] },
  { country: 'DE', city: 'München', postcode: '80331', latitude: 48.1351, longitude: 11.582, shops: [['Kiosk Marienplatz', 'Kaufingerstraße 9'], ['Lotto Schwabing', 'Leopoldstraße 66']] },
  { country: 'DE', city: 'Hamburg', postcode: '20095', latitude: 53.5511, longitude: 9.9937, shops: [['Kiosk Altona', 'Ottenser Hauptstraße 15'], ['Paketshop St. Pauli', 'Reeperbahn 60']] },
  // Every other country the shop sells to: a few points in its capital (or largest city).
  { country: 'AT', city: 'Wien', postcode: '1010', latitude: 48.2082, longitude: 16.3738, shops: [['Trafik Graben', 'Graben 12'], ['Papeterie Neubau', 'Neubaugasse 30']] },
  { country: 'BE', city: 'Bruxelles', postcode: '1000', latitude: 50.8503, longitude: 4.3517, shops: [['Librairie Sablon', 'Rue de Rollebeek 7'], ['Night Shop Ixelles', 'Chaussée d’Ixelles 90']] },
  { country: 'NL', city: 'Amsterdam', postcode: '1012', latitude: 52.3676, longitude: 4.9041, shops: [['Tabak Jordaan', 'Westerstraat 40'], ['Boekhandel De Pijp', 'Ferdinand Bolstraat 60']] },
  { country: 'LU', city: 'Luxembourg', postcode: '1118', latitude: 49.6116, longitude: 6.1319, shops: [['Librairie Grand-Rue', 'Grand-Rue 25'], ['Tabac Gare', 'Avenue de la Gare 40']] },
  { country: 'PT', city: 'Lisboa', postcode: '1100-148', latitude: 38.7223, longitude: -9.1393, shops: [['Tabacaria Baixa', 'Rua Augusta 120'], ['Papelaria Alfama', 'Rua dos Remédios 50']] },
  { country: 'IE', city: 'Dublin', postcode: 'D02 X285', latitude: 53.3498, longitude: -6.2603, shops: [['Newsagent Temple Bar', 'Dame Street 30'], ['Corner Shop Rathmines', 'Rathmines Road 80']] },
  { country: 'PL', city: 'Warszawa', postcode: '00-001', latitude: 52.2297, longitude: 21.0122, shops: [['Kiosk Śródmieście', 'ul. Marszałkowska 100'], ['Księgarnia Mokotów', 'ul. Puławska 40']] },
  { country: 'GR', city: 'Athina', postcode: '105 57', latitude: 37.9838, longitude: 23.7275, shops: [['Periptero Syntagma', 'Ermou 20'], ['Vivliopoleio Plaka', 'Adrianou 50']] },
  { country: 'SE', city: 'Stockholm', postcode: '111 52', latitude: 59.3293, longitude: 18.0686, shops: [['Pressbyrån Norrmalm', 'Drottninggatan 50'], ['Ombud Södermalm', 'Götgatan 70']] },
  { country: 'DK', city: 'København', postcode: '1050', latitude: 55.6761, longitude: 12.5683, shops: [['Kiosk Nyhavn', 'Nyhavn 20'], ['Pakkeshop Nørrebro', 'Nørrebrogade 60']] },
  { country: 'FI', city: 'Helsinki', postcode: '00100', latitude: 60.1699, longitude: 24.9384, shops: [['Kioski Kamppi', 'Annankatu 20'], ['Pakettipiste Kallio', 'Hämeentie 30']] },
  { country: 'CZ', city: 'Praha', postcode: '110 00', latitude: 50.0755, longitude: 14.4378, shops: [['Trafika Staré Město', 'Celetná 15'], ['Papírnictví Vinohrady', 'Vinohradská 50']] },
  { country: 'GB', city: 'London', postcode: 'WC2N 5DU', latitude: 51.5074, longitude: -0.1278, shops: [['Newsagent Covent Garden', 'Long Acre 40'], ['Parcel Shop Camden', 'Camden High Street 100']] },
  { country: 'CH', city: 'Zürich', postcode: '8001', latitude: 47.3769, longitude: 8.5417, shops: [['Kiosk Bahnhofstrasse', 'Bahnhofstrasse 50'], ['Papeterie Niederdorf', 'Niederdorfstrasse 30']] },
  { country: 'NO', city: 'Oslo', postcode: '0150', latitude: 59.9139, longitude: 10.7522, shops: [['Narvesen Karl Johan', 'Karl Johans gate 20'], ['Pakkeutlevering Grünerløkka', 'Thorvald Meyers gate 50']] },
  { country: 'US', city: 'New York', postcode: '10001', latitude: 40.7128, longitude: -74.006, shops: [['Bodega Chelsea', '8th Avenue 200'], ['Parcel Point SoHo', 'Broadway 500']] },
];

const WEEKDAYS_AND_SATURDAY = [
  { days: 'Mon–Fri', hours: '08:30–19:30' },
  { days: 'Sat', hours: '09:00–13:00' },
];
const EVERY_DAY = [{ days: 'Mon–Sun', hours: '07:00–22:00' }];

/** The collection points: spread around each city's centre (a few hundred metres to a few km). */
export function demoPickupPoints(): (typeof pickupPoints.$inferInsert)[] {
  return CITIES.flatMap((city) =>
    city.shops.map(([name, address1], index) => ({
      carrierId: 3,
      countryIso: city.country,
      name,
      address1,
      // The neighbouring postcodes of the city's first one.
      postcode: city.postcode.replace(/\d{2}$/, (last) => String(Number(last) + index * 2).padStart(2, '0')),
      city: city.city,
      latitude: city.latitude + ((index % 2 === 0 ? 1 : -1) * (index + 1) * 0.006),
      longitude: city.longitude + ((index % 3 === 0 ? -1 : 1) * (index + 1) * 0.008),
      openingHours: index % 2 === 0 ? WEEKDAYS_AND_SATURDAY : EVERY_DAY,
    })),
  );
}

/** SPEC §9 (Italian text): free shipping from 100 EUR for one brand; Atelier Brera is the demo shop's Italian brand. */
export const DEMO_BRAND_FREE_SHIPPING: (typeof brandFreeShipping.$inferInsert)[] = [{ countryIso: 'IT', brandId: 2, fromCents: 10_000 }];
