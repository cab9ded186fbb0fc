import type { BeadMaterial, Metal, TasselColour } from './demo-images.js';
import { materialStory, type DemoAttribute, type DemoProduct } from './demo-data.js';

/**
 * The demo shop's English content, beside the Arabic of demo-data.ts: the English storefront shows
 * it and English searches find it. Keyed by the Arabic entries' slugs, SKUs and positions; a test
 * checks that every entry has its English.
 */

export const demoSettingsEnglish = {
  store_name_en: 'Misbaha Kuwait',
  store_description_en:
    'A Kuwaiti shop for natural prayer beads: Baltic amber, yusr, kuka, agate, turquoise and fragrant woods, with fast delivery to every area of Kuwait.',
  address_en: 'Fahad Al-Salem Street, Kuwait City, Kuwait',
} as const;

export const demoCategoriesEnglish: Readonly<Record<string, { name: string; description: string }>> = {
  amber: {
    name: 'Amber Prayer Beads',
    description:
      'Natural and pressed amber in honey, cognac and cherry tones, the best-loved material for prayer beads in the Gulf.',
  },
  'baltic-amber': {
    name: 'Baltic Amber',
    description:
      'Natural amber from the shores of the Baltic Sea: light, warm to the touch, every bead with its own colour.',
  },
  'pressed-amber': {
    name: 'Pressed Amber',
    description:
      'Fragments of natural amber pressed and shaped, with the look of genuine amber at an affordable price.',
  },
  gemstones: {
    name: 'Gemstone Prayer Beads',
    description: "Polished natural stones: agate, turquoise, tiger's eye, lapis lazuli, amethyst and more.",
  },
  agate: {
    name: 'Agate',
    description: 'Yemeni and Brazilian agate in red, liver and green tones with natural veins.',
  },
  turquoise: {
    name: 'Turquoise',
    description: 'Nishapur turquoise in its sky-blue colour with fine dark veins.',
  },
  yusr: {
    name: 'Yusr Prayer Beads',
    description: 'Black sea yusr that grows glossier with use, a favourite of men.',
  },
  kuk: {
    name: 'Kuka Prayer Beads',
    description: 'Beads turned from the shell of the Indian kuka nut: light, strong and deep brown.',
  },
  wooden: {
    name: 'Wooden Prayer Beads',
    description: 'Olive wood, sandalwood and ebony: warm to the touch with a natural scent.',
  },
  crystal: {
    name: 'Crystal Prayer Beads',
    description: 'Clear and coloured crystal that catches the light, for gifts and everyday use.',
  },
  coral: {
    name: 'Coral Prayer Beads',
    description: 'Natural red coral in its deep shades, one of the most precious materials for prayer beads.',
  },
  faturan: {
    name: 'Faturan Prayer Beads',
    description: 'A selection of old faturan prayer beads for collectors, arriving soon.',
  },
  gifts: {
    name: 'Luxury Gift Prayer Beads',
    description:
      'Silver, pearls and gold-plated prayer beads, carefully wrapped to make a gift worthy of the ones you love.',
  },
};

/** Each product's English name and opening sentence, by SKU. */
export const demoProductsEnglish: Readonly<Record<string, { name: string; intro: string }>> = {
  'SB-AMB-001': { name: 'Honey Baltic Amber Prayer Beads', intro: 'Luxurious beads in clear honey amber that glow between the fingers as they catch the light.' },
  'SB-AMB-002': { name: 'Cognac Amber Prayer Beads', intro: 'The dark cognac shade gives these beads a calm, dignified presence.' },
  'SB-AMB-003': { name: 'Rare Cherry Amber Prayer Beads', intro: 'A collector’s piece in deep cherry red, one of the rarest shades of Baltic amber.' },
  'SB-AMB-004': { name: 'Baltic Amber Prayer Beads, 45 Beads', intro: 'Medium-sized beads of an even colour, made for everyday use.' },
  'SB-AMB-005': { name: 'Baltic Amber Prayer Beads, 99 Beads', intro: 'The full strand of ninety-nine small beads of natural amber for dhikr.' },
  'SB-AMB-006': { name: 'Lemon Amber Prayer Beads', intro: 'A light lemon colour with a soft translucence, light in the hand with a gentle sound.' },
  'SB-AMB-007': { name: 'Baltic Amber Prayer Beads with Silver Spacers', intro: 'The warmth of amber together with the shine of 925 silver spacers.' },
  'SB-AMB-008': { name: 'Green Baltic Amber Prayer Beads', intro: 'A limited edition of amber with a green sheen, being prepared for display.' },
  'SB-PAM-001': { name: 'Yellow Pressed Amber Prayer Beads', intro: 'An economical choice with the look of genuine amber in a bright yellow.' },
  'SB-PAM-002': { name: 'Milky Pressed Amber Prayer Beads', intro: 'A creamy milk colour that recalls the royal amber of old.' },
  'SB-PAM-003': { name: 'Pressed Amber Prayer Beads, 99 Beads', intro: 'Made for dhikr after prayer, strong and light.' },
  'SB-PAM-004': { name: 'Oval Pressed Amber Prayer Beads', intro: 'Polished oval beads that slip easily between the fingers.' },
  'SB-PAM-005': { name: 'Pressed Amber Prayer Beads for Young Men', intro: 'Elegant beads at a fair price, a lovely gift for a first strand.' },
  'SB-AGT-001': { name: 'Red Yemeni Agate Prayer Beads', intro: 'Red Yemeni agate with light veins, a stone with a special place in tradition.' },
  'SB-AGT-002': { name: 'Liver Yemeni Agate Prayer Beads', intro: 'A dark liver shade of Yemeni agate, calm and luxurious.' },
  'SB-AGT-003': { name: 'Green Agate Prayer Beads', intro: 'Green agate in natural gradients like the leaves of a tree.' },
  'SB-AGT-004': { name: 'Red Agate Prayer Beads, 99 Beads', intro: 'A full dhikr strand of red agate with small, even beads.' },
  'SB-AGT-005': { name: 'Sulaimani Agate Prayer Beads', intro: 'Sulaimani agate with alternating layers, every bead with its own natural pattern.' },
  'SB-AGT-006': { name: 'Dark Green Agate Prayer Beads, 45 Beads', intro: 'Forty-five beads of dark green agate for those who prefer a longer strand.' },
  'SB-TRQ-001': { name: 'Nishapur Turquoise Prayer Beads', intro: 'Nishapur turquoise in clear sky blue, one of the best-known stones for prayer beads.' },
  'SB-TRQ-002': { name: 'Turquoise Prayer Beads with Silver Spacers', intro: 'Natural turquoise with spacers and an imam of hand-worked silver.' },
  'SB-TRQ-003': { name: 'Turquoise Prayer Beads, 99 Beads', intro: 'Ninety-nine beads of natural turquoise for long dhikr.' },
  'SB-TRQ-004': { name: 'Small Turquoise Gift Prayer Beads', intro: 'A delicate strand of small beads, a fitting gift for women and children.' },
  'SB-TGE-001': { name: "Tiger's Eye Prayer Beads", intro: "Tiger's eye stone with a golden shimmer that moves with every turn." },
  'SB-TGE-002': { name: "Tiger's Eye Prayer Beads, 99 Beads", intro: "Dhikr beads of tiger's eye, strong and made for everyday use." },
  'SB-ONX-001': { name: 'Black Onyx Prayer Beads', intro: 'Shiny black onyx in a simple design that suits every taste.' },
  'SB-ONX-002': { name: 'Large Bead Onyx Prayer Beads', intro: 'Large, heavy onyx beads for those who like a full strand in the hand.' },
  'SB-LAP-001': { name: 'Afghan Lapis Lazuli Prayer Beads', intro: 'A deep royal blue flecked with gold like stars in the night sky.' },
  'SB-MAL-001': { name: 'Malachite Prayer Beads', intro: 'Green malachite with wavy rings; no two beads are alike.' },
  'SB-AMT-001': { name: 'Purple Amethyst Prayer Beads', intro: 'Translucent purple amethyst that adds a calm, refined touch.' },
  'SB-HEM-001': { name: 'Hematite Prayer Beads', intro: 'Heavy beads with a metallic shine at an economical price.' },
  'SB-JAD-001': { name: 'Green Jade Prayer Beads', intro: 'Smooth green jade in a calm mint colour.' },
  'SB-YSR-001': { name: 'Black Sea Yusr Prayer Beads', intro: 'Black sea yusr, the favourite prayer beads of men, which grow glossier with the days.' },
  'SB-YSR-002': { name: 'Silver-Inlaid Yusr Prayer Beads', intro: 'Yusr beads inlaid with fine silver patterns, careful handwork.' },
  'SB-YSR-003': { name: 'Yusr Prayer Beads, 99 Beads', intro: 'A long yusr strand of ninety-nine beads for dhikr.' },
  'SB-YSR-004': { name: 'Conical Yusr Prayer Beads', intro: 'A traditional conical turning that gives the beads a distinctive sound in tasbih.' },
  'SB-YSR-005': { name: 'Small Pocket Yusr Prayer Beads', intro: 'A small size that goes with you in your pocket wherever you go.' },
  'SB-KUK-001': { name: 'Indian Kuka Prayer Beads', intro: 'Genuine Indian kuka in burnt brown with a natural sheen.' },
  'SB-KUK-002': { name: 'Silver-Inlaid Kuka Prayer Beads', intro: 'Kuka inlaid with fine silver pins, among the finest work of craftsmen.' },
  'SB-KUK-003': { name: 'Kuka Prayer Beads, 99 Beads', intro: 'A long, light kuka strand for daily dhikr.' },
  'SB-KUK-004': { name: 'Old Kuka Prayer Beads', intro: 'An old piece that has gained a dark colour and a deep sheen over the years.' },
  'SB-OLV-001': { name: 'Olive Wood Prayer Beads', intro: 'Olive wood with its natural grain: simple, warm and suited to everyone.' },
  'SB-OLV-002': { name: 'Olive Wood Prayer Beads, 99 Beads', intro: 'A full, light dhikr strand of olive wood.' },
  'SB-OLV-003': { name: 'Large Bead Olive Wood Prayer Beads', intro: 'Large olive wood beads that fill the hand and rest the fingers.' },
  'SB-OLV-004': { name: 'Carved Olive Wood Prayer Beads', intro: 'Olive wood beads carved with fine geometric patterns.' },
  'SB-SND-001': { name: 'Sandalwood Prayer Beads', intro: 'Fragrant sandalwood whose calm scent rises as you use it.' },
  'SB-SND-002': { name: 'Scented Sandalwood Prayer Beads, 99 Beads', intro: 'Ninety-nine beads of Indian sandalwood with a lasting scent.' },
  'SB-EBN-001': { name: 'Ebony Prayer Beads', intro: 'Dark African ebony, a heavy wood smooth to the touch.' },
  'SB-EBN-002': { name: 'Ebony Prayer Beads with Silver Spacers', intro: 'Black ebony with silver spacers that bring out the beauty of the wood.' },
  'SB-CRY-001': { name: 'Clear Crystal Prayer Beads', intro: 'Clear crystal that breaks the light into the colours of the rainbow.' },
  'SB-CRY-002': { name: 'Blue Crystal Prayer Beads', intro: 'Sky-coloured crystal, cheerful prayer beads for gifts.' },
  'SB-CRY-003': { name: 'Crystal Prayer Beads, 99 Beads', intro: 'A light, sparkling crystal strand for dhikr.' },
  'SB-CRY-004': { name: 'Faceted Crystal Prayer Beads', intro: 'Diamond-cut beads with many facets that sparkle with every movement.' },
  'SB-COR-001': { name: 'Red Coral Prayer Beads', intro: 'Natural red coral in a deep, warm colour, one of the most precious materials for prayer beads.' },
  'SB-COR-002': { name: 'Coral Prayer Beads, 99 Beads', intro: 'Ninety-nine coral beads of an even colour, a rare piece.' },
  'SB-COR-003': { name: 'Coral Prayer Beads with Gold Spacers', intro: 'Large coral beads with gold-plated spacers and imam.' },
  'SB-COR-004': { name: 'Pink Coral Prayer Beads', intro: 'Coral in a light pink shade, awaiting photographs and final pricing.' },
  'SB-SLV-001': { name: '925 Silver Prayer Beads', intro: 'Hand-polished silver beads with a shine that never fades.' },
  'SB-PRL-001': { name: 'Natural Pearl Prayer Beads', intro: 'Natural pearls that recall the Gulf’s pearl-diving heritage, an unforgettable gift.' },
  'SB-GLD-001': { name: 'Gold-Plated Prayer Beads', intro: 'Beads plated with gold in a classic, luxurious design.' },
  'SB-SLV-002': { name: 'Gift Set: Silver Prayer Beads in a Wooden Box', intro: 'Silver prayer beads that arrive in a velvet-lined wooden box, ready to give.' },
  'SB-PRL-002': { name: 'Pearl Prayer Beads, 99 Beads', intro: 'Ninety-nine pearls matched in size and lustre.' },
};

const materialOriginEnglish: Record<BeadMaterial, string> = {
  'baltic-amber': 'Natural Baltic amber from the shores of the Baltic Sea, light and warm to the touch.',
  'cherry-amber': 'Aged natural Baltic amber that has taken on its red colour over the years.',
  'pressed-amber': 'Made from fragments of natural amber pressed with heat in Lithuania.',
  kuk: 'Hand-turned from the shell of kuka nuts brought from India.',
  yusr: 'Black sea yusr gathered from the shores of the Red Sea.',
  'red-agate': 'Natural Yemeni agate, polished by hand.',
  'green-agate': 'Natural agate from Brazil, carefully polished.',
  turquoise: 'Natural turquoise from the mines of Nishapur in Iran.',
  'tiger-eye': "Natural tiger's eye stone from South Africa.",
  onyx: 'Natural polished onyx from Brazil.',
  'olive-wood': 'Palestinian olive wood, dried naturally.',
  sandalwood: 'Fragrant Indian sandalwood.',
  ebony: 'Heavy African ebony.',
  crystal: 'Clear Czech crystal, precisely cut.',
  'blue-crystal': 'Coloured Czech crystal, precisely cut.',
  amethyst: 'Natural amethyst from Brazil.',
  coral: 'Natural red coral from the Mediterranean Sea.',
  silver: '925 silver, worked by hand in Kuwait.',
  gold: 'Brass beads plated with 18-carat gold.',
  lapis: 'Natural lapis lazuli from the Badakhshan mountains of Afghanistan.',
  malachite: 'Natural malachite from the Congo.',
  pearl: 'Natural pearls, chosen one by one.',
  hematite: 'Natural hematite polished to a metallic shine.',
  jade: 'Natural jade from Burma.',
};

const careAdviceEnglish: Record<string, string> = {
  amber: 'Keep away from perfume and heat, and wipe with a soft cloth to keep its shine.',
  resin: 'Gains a deeper shine the more it is used; wipe with a dry cloth and never wash it in water.',
  stone: 'Clean with a slightly damp cloth, dry well and keep away from knocks.',
  wood: 'Grows more beautiful with use; keep away from water and polish now and then with a drop of olive oil.',
  crystal: 'Wash in lukewarm water with mild soap and dry at once to keep it clear and bright.',
  coral: 'Coral is sensitive to perfume and acids: put it on after your perfume and wipe it with a soft dry cloth.',
  metal: 'Polish with a cloth made for metals and keep in a closed box so it stays bright.',
  pearl: 'Keep pearls apart from hard stones and wipe them with a soft cloth after each use.',
};

const metalNamesEnglish: Record<Metal, string> = { silver: 'silver', gold: 'gold-plated brass' };

const tasselNamesEnglish: Record<TasselColour, string> = {
  black: 'black',
  gold: 'gold',
  silver: 'silver',
  red: 'red',
  green: 'green',
  navy: 'navy',
  brown: 'brown',
  white: 'white',
};

function englishOf(product: DemoProduct): { name: string; intro: string } {
  const english = demoProductsEnglish[product.sku];
  if (!english) throw new Error(`no English text for demo product ${product.sku}`);
  return english;
}

export function nameEnglishOf(product: DemoProduct): string {
  return englishOf(product).name;
}

/** One line for listings: count, size and finish (the English of shortDescriptionOf). */
export function shortDescriptionEnglishOf(product: DemoProduct): string {
  return `${product.beads} beads of ${product.size_mm} mm, imam and spacers in ${metalNamesEnglish[product.metal]} and a ${tasselNamesEnglish[product.tassel]} tassel.`;
}

/** The English of descriptionOf: the same sentences in the same places. */
export function descriptionEnglishOf(product: DemoProduct, index: number): string {
  const care = materialStory[product.material].care;
  const sentences = [
    englishOf(product).intro,
    `A strand of ${product.beads} beads of ${product.size_mm} mm, with an imam and two spacers in ${metalNamesEnglish[product.metal]} and a ${tasselNamesEnglish[product.tassel]} tassel.`,
  ];
  if (index % 5 !== 4) sentences.push(materialOriginEnglish[product.material]);
  if (index % 3 !== 2) sentences.push(careAdviceEnglish[care]!);
  return sentences.join(' ');
}

/** The slides' English, in the order of demoSlides. */
export const demoSlidesEnglish: ReadonlyArray<{ title: string; description: string }> = [
  {
    title: 'The Baltic Amber Collection',
    description: 'Natural beads from the Baltic Sea in honey, cognac and cherry',
  },
  {
    title: 'Gemstones in Nature’s Colours',
    description: 'Nishapur turquoise, Yemeni agate and Afghan lapis, carefully polished',
  },
  {
    title: 'Featured Picks',
    description: 'The finest pieces from our shop, delivered within 24 hours in Kuwait',
  },
  {
    title: 'Winter Offers',
    description: 'Discounts on selected pressed amber and fragrant wood prayer beads',
  },
];

/** The attributes' English: the name and each variation's title, by its Arabic title. */
export const demoAttributesEnglish: Readonly<
  Record<DemoAttribute, { name: string; titles: Readonly<Record<string, string>> }>
> = {
  beads: {
    name: 'Bead count',
    titles: { '33 حبة': '33 beads', '45 حبة': '45 beads', '99 حبة': '99 beads' },
  },
  tassel: {
    name: 'Tassel colour',
    titles: {
      أسود: 'Black',
      ذهبي: 'Gold',
      فضي: 'Silver',
      أحمر: 'Red',
      أخضر: 'Green',
      كحلي: 'Navy',
    },
  },
  size: {
    name: 'Bead size',
    titles: { '8 مم': '8 mm', '10 مم': '10 mm', '12 مم': '12 mm' },
  },
};
