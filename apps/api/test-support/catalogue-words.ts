/**
 * The words of the search tests' generated catalogues (materials and styles in both languages),
 * like those of `npm run bench:data`: each test builds its own products from them.
 */
export const MATERIALS = [
  'كهرمان',
  'يسر',
  'عقيق',
  'فيروز',
  'كوك',
  'خشب الزيتون',
  'عين النمر',
  'لؤلؤ',
];
export const MATERIALS_EN = [
  'amber',
  'black coral',
  'agate',
  'turquoise',
  'kuka',
  'olive wood',
  "tiger's eye",
  'pearl',
];
export const STYLES = ['بلطيقي', 'يماني', 'مطعّم بالفضة', 'فاخر', 'إيراني'];
export const STYLES_EN = ['Baltic', 'Yemeni', 'silver-inlaid', 'luxury', 'Iranian'];
