import type { BeadMaterial, Metal, StrandLook, TasselColour } from './demo-images.js';

/**
 * The demo shop's content: a prayer-bead store in Kuwait. Plain data, no randomness: every
 * seed produces the same store. Money is integer thousandths (fils).
 */

const KD = 1000;

export const demoSettings = {
  store_name: 'مسبحة الكويت',
  store_description:
    'متجر كويتي متخصص في السبح الطبيعية: كهرمان بلطيقي ويسر وكوك وعقيق وفيروز وأخشاب عطرية، مع توصيل سريع لجميع مناطق الكويت.',
  phone_number: '+965 2222 3333',
  whatsapp_number: '96550000000',
  email: 'info@misbaha-kuwait.example',
  address: 'الكويت - مدينة الكويت، شارع فهد السالم',
  currency_symbol: 'KD',
  currency: 'KWD',
  instagram_url: 'https://www.instagram.com/misbaha.kuwait.demo',
  facebook_url: 'https://www.facebook.com/misbaha.kuwait.demo',
} as const;

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  parent?: string;
  sort_order: number | null;
  /** The strand drawn for the category picture. */
  look: Omit<StrandLook, 'beadCount'>;
}

export const demoCategories: readonly DemoCategory[] = [
  {
    slug: 'amber',
    name: 'سبح الكهرمان',
    description: 'كهرمان طبيعي ومضغوط بألوان العسل والكونياك والكرز، أشهر خامات السبح في الخليج.',
    sort_order: 1,
    look: { material: 'baltic-amber', tassel: 'gold', metal: 'gold' },
  },
  {
    slug: 'baltic-amber',
    name: 'كهرمان بلطيقي',
    description: 'كهرمان طبيعي من سواحل بحر البلطيق، خفيف الوزن دافئ الملمس، لكل حبة لونها الخاص.',
    parent: 'amber',
    sort_order: 1,
    look: { material: 'cherry-amber', tassel: 'black', metal: 'gold' },
  },
  {
    slug: 'pressed-amber',
    name: 'كهرمان مضغوط',
    description: 'فتات الكهرمان الطبيعي بعد ضغطه وتشكيله، بمظهر الكهرمان الأصيل وسعر في المتناول.',
    parent: 'amber',
    sort_order: 2,
    look: { material: 'pressed-amber', tassel: 'green', metal: 'gold' },
  },
  {
    slug: 'gemstones',
    name: 'سبح الأحجار الكريمة',
    description: 'أحجار طبيعية مصقولة: عقيق وفيروز وعين النمر ولازورد وجمشت وغيرها.',
    sort_order: 2,
    look: { material: 'tiger-eye', tassel: 'brown', metal: 'gold' },
  },
  {
    slug: 'agate',
    name: 'عقيق',
    description: 'عقيق يمني وبرازيلي بألوانه الحمراء والكبدية والخضراء وعروقه الطبيعية.',
    parent: 'gemstones',
    sort_order: 1,
    look: { material: 'red-agate', tassel: 'red', metal: 'silver' },
  },
  {
    slug: 'turquoise',
    name: 'فيروز',
    description: 'فيروز نيسابوري بلونه السماوي وعروقه الداكنة الدقيقة.',
    parent: 'gemstones',
    sort_order: 2,
    look: { material: 'turquoise', tassel: 'silver', metal: 'silver' },
  },
  {
    slug: 'yusr',
    name: 'سبح اليسر',
    description: 'يسر بحري أسود يزداد لمعة مع الاستعمال، من أحب السبح إلى الرجال.',
    sort_order: 3,
    look: { material: 'yusr', tassel: 'black', metal: 'silver' },
  },
  {
    slug: 'kuk',
    name: 'سبح الكوك',
    description: 'سبح من قشر جوز الكوك الهندي، خفيفة ومتينة بلون بني عميق.',
    sort_order: 4,
    look: { material: 'kuk', tassel: 'brown', metal: 'silver' },
  },
  {
    slug: 'wooden',
    name: 'سبح خشبية',
    description: 'خشب الزيتون والصندل والأبنوس، سبح دافئة الملمس ذات رائحة طبيعية.',
    sort_order: 5,
    look: { material: 'olive-wood', tassel: 'green', metal: 'gold' },
  },
  {
    slug: 'crystal',
    name: 'سبح الكريستال',
    description: 'كريستال صافٍ وملون يعكس الضوء، مناسب للهدايا والاستعمال اليومي.',
    sort_order: 6,
    look: { material: 'crystal', tassel: 'white', metal: 'silver' },
  },
  {
    slug: 'coral',
    name: 'سبح المرجان',
    description: 'مرجان أحمر طبيعي بدرجاته الداكنة، من أثمن خامات السبح.',
    sort_order: 7,
    look: { material: 'coral', tassel: 'gold', metal: 'gold' },
  },
  {
    slug: 'faturan',
    name: 'سبح الفاتوران',
    description: 'مجموعة مختارة من سبح الفاتوران القديمة للمقتنين، تصل قريباً.',
    sort_order: 8,
    look: { material: 'cherry-amber', tassel: 'red', metal: 'gold' },
  },
  {
    slug: 'gifts',
    name: 'سبح الهدايا الفاخرة',
    description: 'فضة ولؤلؤ وسبح مطلية بالذهب، مغلفة بعناية لتكون هدية تليق بمن تحب.',
    sort_order: null,
    look: { material: 'pearl', tassel: 'silver', metal: 'silver' },
  },
];

export type DemoAttribute = 'beads' | 'tassel' | 'size';

export interface DemoProduct {
  sku: string;
  name: string;
  category: string;
  material: BeadMaterial;
  tassel: TasselColour;
  metal: Metal;
  beads: 33 | 45 | 99;
  size_mm: number;
  price: number;
  sale_price?: number;
  stock: number;
  featured?: boolean;
  draft?: boolean;
  attributes?: readonly DemoAttribute[];
  /** The product's own opening sentence; the rest of the description follows from its data. */
  intro: string;
}

// One product per line reads as a table; prettier would spread each over fifteen lines.
// prettier-ignore
export const demoProducts: readonly DemoProduct[] = [
  // Baltic amber
  { sku: 'SB-AMB-001', name: 'سبحة كهرمان بلطيقي عسلي', category: 'baltic-amber', material: 'baltic-amber', tassel: 'gold', metal: 'gold', beads: 33, size_mm: 12, price: 185 * KD, stock: 3, featured: true, attributes: ['tassel'], intro: 'سبحة فاخرة بلون العسل الصافي، تلتقط الضوء فتتوهج بين الأصابع.' },
  { sku: 'SB-AMB-002', name: 'سبحة كهرمان كونياكي', category: 'baltic-amber', material: 'baltic-amber', tassel: 'black', metal: 'gold', beads: 33, size_mm: 10, price: 145 * KD, sale_price: 129 * KD, stock: 4, intro: 'درجة الكونياك الداكنة تمنح هذه السبحة حضوراً هادئاً ووقاراً واضحاً.' },
  { sku: 'SB-AMB-003', name: 'سبحة كهرمان كرزي نادر', category: 'baltic-amber', material: 'cherry-amber', tassel: 'red', metal: 'gold', beads: 33, size_mm: 14, price: 350 * KD, stock: 1, featured: true, intro: 'قطعة للمقتنين بلون الكرز العميق، من أندر درجات الكهرمان البلطيقي.' },
  { sku: 'SB-AMB-004', name: 'سبحة كهرمان بلطيقي 45 حبة', category: 'baltic-amber', material: 'baltic-amber', tassel: 'brown', metal: 'gold', beads: 45, size_mm: 8, price: 120 * KD, stock: 6, attributes: ['tassel'], intro: 'حبات متوسطة الحجم متناسقة اللون، مناسبة للاستعمال اليومي.' },
  { sku: 'SB-AMB-005', name: 'سبحة كهرمان بلطيقي 99 حبة', category: 'baltic-amber', material: 'baltic-amber', tassel: 'gold', metal: 'gold', beads: 99, size_mm: 6, price: 210 * KD, stock: 0, intro: 'سبحة الأذكار الكاملة بتسع وتسعين حبة صغيرة من الكهرمان الطبيعي.' },
  { sku: 'SB-AMB-006', name: 'سبحة كهرمان ليموني', category: 'baltic-amber', material: 'baltic-amber', tassel: 'green', metal: 'gold', beads: 33, size_mm: 9, price: 95_500, sale_price: 84 * KD, stock: 8, intro: 'لون ليموني فاتح مع شفافية ناعمة، خفيفة في اليد ولطيفة الصوت.' },
  { sku: 'SB-AMB-007', name: 'سبحة كهرمان بلطيقي بفواصل فضة', category: 'baltic-amber', material: 'baltic-amber', tassel: 'silver', metal: 'silver', beads: 33, size_mm: 11, price: 165 * KD, stock: 2, attributes: ['tassel'], intro: 'تجمع دفء الكهرمان مع لمعة فواصل الفضة عيار 925.' },
  { sku: 'SB-AMB-008', name: 'سبحة كهرمان بلطيقي أخضر', category: 'baltic-amber', material: 'baltic-amber', tassel: 'green', metal: 'gold', beads: 33, size_mm: 10, price: 230 * KD, stock: 0, draft: true, intro: 'إصدار محدود من الكهرمان ذي الانعكاس الأخضر، قيد التجهيز للعرض.' },

  // Pressed amber
  { sku: 'SB-PAM-001', name: 'سبحة كهرمان مضغوط أصفر', category: 'pressed-amber', material: 'pressed-amber', tassel: 'black', metal: 'gold', beads: 33, size_mm: 10, price: 18_500, stock: 25, attributes: ['beads', 'tassel'], intro: 'خيار اقتصادي بمظهر الكهرمان الأصيل ولونه الأصفر المشرق.' },
  { sku: 'SB-PAM-002', name: 'سبحة كهرمان مضغوط حليبي', category: 'pressed-amber', material: 'pressed-amber', tassel: 'gold', metal: 'gold', beads: 33, size_mm: 8, price: 24 * KD, sale_price: 19_750, stock: 14, featured: true, attributes: ['beads', 'size'], intro: 'لون حليبي كريمي يذكر بالكهرمان الملكي القديم.' },
  { sku: 'SB-PAM-003', name: 'سبحة كهرمان مضغوط 99 حبة', category: 'pressed-amber', material: 'pressed-amber', tassel: 'green', metal: 'gold', beads: 99, size_mm: 7, price: 32 * KD, stock: 9, intro: 'مناسبة للأذكار بعد الصلاة، متينة وخفيفة الوزن.' },
  { sku: 'SB-PAM-004', name: 'سبحة كهرمان مضغوط بيضاوي', category: 'pressed-amber', material: 'pressed-amber', tassel: 'navy', metal: 'silver', beads: 33, size_mm: 12, price: 27_750, stock: 5, attributes: ['tassel'], intro: 'حبات بيضاوية مصقولة تنساب بين الأصابع بسهولة.' },
  { sku: 'SB-PAM-005', name: 'سبحة كهرمان مضغوط للشباب', category: 'pressed-amber', material: 'pressed-amber', tassel: 'red', metal: 'gold', beads: 33, size_mm: 8, price: 12_750, stock: 40, attributes: ['beads', 'tassel'], intro: 'سبحة أنيقة بسعر مناسب، هدية جميلة لأول سبحة.' },

  // Agate
  { sku: 'SB-AGT-001', name: 'سبحة عقيق يمني أحمر', category: 'agate', material: 'red-agate', tassel: 'red', metal: 'silver', beads: 33, size_mm: 10, price: 28 * KD, stock: 12, featured: true, attributes: ['beads', 'tassel'], intro: 'العقيق اليمني الأحمر بعروقه الفاتحة، حجر له مكانة خاصة في التراث.' },
  { sku: 'SB-AGT-002', name: 'سبحة عقيق يمني كبدي', category: 'agate', material: 'red-agate', tassel: 'black', metal: 'silver', beads: 33, size_mm: 8, price: 35_500, sale_price: 29_900, stock: 4, attributes: ['size'], intro: 'درجة كبدية داكنة من العقيق اليمني، هادئة وفخمة.' },
  { sku: 'SB-AGT-003', name: 'سبحة عقيق أخضر', category: 'agate', material: 'green-agate', tassel: 'green', metal: 'silver', beads: 33, size_mm: 8, price: 14 * KD, stock: 18, attributes: ['beads'], intro: 'عقيق أخضر بتدرجات طبيعية تشبه أوراق الشجر.' },
  { sku: 'SB-AGT-004', name: 'سبحة عقيق أحمر 99 حبة', category: 'agate', material: 'red-agate', tassel: 'gold', metal: 'gold', beads: 99, size_mm: 6, price: 22 * KD, stock: 7, intro: 'سبحة أذكار كاملة من العقيق الأحمر بحبات صغيرة متناسقة.' },
  { sku: 'SB-AGT-005', name: 'سبحة عقيق سليماني', category: 'agate', material: 'red-agate', tassel: 'brown', metal: 'silver', beads: 33, size_mm: 10, price: 19_500, stock: 0, intro: 'العقيق السليماني بطبقاته المتناوبة، لكل حبة نقشها الطبيعي.' },
  { sku: 'SB-AGT-006', name: 'سبحة عقيق أخضر داكن 45 حبة', category: 'agate', material: 'green-agate', tassel: 'black', metal: 'silver', beads: 45, size_mm: 8, price: 16_250, stock: 3, intro: 'خمس وأربعون حبة من العقيق الأخضر الداكن لمن يفضل السبحة الأطول.' },

  // Turquoise
  { sku: 'SB-TRQ-001', name: 'سبحة فيروز نيسابوري', category: 'turquoise', material: 'turquoise', tassel: 'silver', metal: 'silver', beads: 33, size_mm: 8, price: 65 * KD, stock: 5, featured: true, attributes: ['tassel'], intro: 'الفيروز النيسابوري بلونه السماوي الصافي، من أشهر أحجار السبح.' },
  { sku: 'SB-TRQ-002', name: 'سبحة فيروز بفواصل فضة', category: 'turquoise', material: 'turquoise', tassel: 'white', metal: 'silver', beads: 33, size_mm: 10, price: 89 * KD, sale_price: 75 * KD, stock: 2, intro: 'فيروز طبيعي مع فواصل وإمام من الفضة المشغولة يدوياً.' },
  { sku: 'SB-TRQ-003', name: 'سبحة فيروز 99 حبة', category: 'turquoise', material: 'turquoise', tassel: 'navy', metal: 'silver', beads: 99, size_mm: 6, price: 78 * KD, stock: 6, intro: 'تسع وتسعون حبة من الفيروز الطبيعي للأذكار الطويلة.' },
  { sku: 'SB-TRQ-004', name: 'سبحة فيروز صغيرة للهدايا', category: 'turquoise', material: 'turquoise', tassel: 'gold', metal: 'gold', beads: 33, size_mm: 6, price: 25 * KD, stock: 20, attributes: ['tassel'], intro: 'سبحة لطيفة بحبات صغيرة، هدية مناسبة للسيدات والأطفال.' },

  // Other gemstones
  { sku: 'SB-TGE-001', name: 'سبحة عين النمر', category: 'gemstones', material: 'tiger-eye', tassel: 'brown', metal: 'gold', beads: 33, size_mm: 10, price: 9_500, stock: 30, attributes: ['beads', 'tassel'], intro: 'حجر عين النمر بلمعته الذهبية المتحركة مع كل التفاتة.' },
  { sku: 'SB-TGE-002', name: 'سبحة عين النمر 99 حبة', category: 'gemstones', material: 'tiger-eye', tassel: 'black', metal: 'gold', beads: 99, size_mm: 6, price: 14_750, sale_price: 12 * KD, stock: 11, intro: 'سبحة أذكار من عين النمر، متينة ومناسبة للاستعمال اليومي.' },
  { sku: 'SB-ONX-001', name: 'سبحة أونيكس أسود', category: 'gemstones', material: 'onyx', tassel: 'black', metal: 'silver', beads: 33, size_mm: 8, price: 7_500, stock: 22, attributes: ['beads', 'size'], intro: 'أونيكس أسود لامع بتصميم بسيط يناسب كل الأذواق.' },
  { sku: 'SB-ONX-002', name: 'سبحة أونيكس بحبات كبيرة', category: 'gemstones', material: 'onyx', tassel: 'silver', metal: 'silver', beads: 33, size_mm: 12, price: 11 * KD, stock: 0, intro: 'حبات أونيكس كبيرة ثقيلة الوزن لمن يحب السبحة الممتلئة في اليد.' },
  { sku: 'SB-LAP-001', name: 'سبحة لازورد أفغاني', category: 'gemstones', material: 'lapis', tassel: 'gold', metal: 'gold', beads: 33, size_mm: 8, price: 38 * KD, stock: 4, featured: true, intro: 'أزرق ملكي عميق تتخلله نقاط ذهبية كأنها نجوم في سماء الليل.' },
  { sku: 'SB-MAL-001', name: 'سبحة ملكيت', category: 'gemstones', material: 'malachite', tassel: 'green', metal: 'gold', beads: 33, size_mm: 10, price: 26_500, stock: 6, attributes: ['tassel'], intro: 'الملكيت الأخضر بحلقاته المتموجة، لا تتشابه حبتان منه.' },
  { sku: 'SB-AMT-001', name: 'سبحة جمشت بنفسجي', category: 'gemstones', material: 'amethyst', tassel: 'white', metal: 'silver', beads: 33, size_mm: 8, price: 21 * KD, sale_price: 17_500, stock: 9, intro: 'جمشت بنفسجي شفاف يضفي لمسة هادئة وراقية.' },
  { sku: 'SB-HEM-001', name: 'سبحة هيماتيت', category: 'gemstones', material: 'hematite', tassel: 'black', metal: 'silver', beads: 33, size_mm: 8, price: 5 * KD, stock: 50, attributes: ['beads', 'tassel'], intro: 'حبات معدنية اللمعة ثقيلة الوزن بسعر اقتصادي.' },
  { sku: 'SB-JAD-001', name: 'سبحة يشم أخضر', category: 'gemstones', material: 'jade', tassel: 'red', metal: 'gold', beads: 33, size_mm: 10, price: 31 * KD, stock: 3, draft: true, intro: 'يشم أخضر ناعم الملمس بلون النعناع الهادئ.' },

  // Yusr
  { sku: 'SB-YSR-001', name: 'سبحة يسر أسود بحري', category: 'yusr', material: 'yusr', tassel: 'black', metal: 'silver', beads: 33, size_mm: 10, price: 45 * KD, stock: 8, featured: true, attributes: ['tassel'], intro: 'اليسر البحري الأسود، سبحة الرجال المفضلة التي تزداد لمعة مع الأيام.' },
  { sku: 'SB-YSR-002', name: 'سبحة يسر مطعمة بالفضة', category: 'yusr', material: 'yusr', tassel: 'silver', metal: 'silver', beads: 33, size_mm: 12, price: 85 * KD, sale_price: 72_500, stock: 3, intro: 'حبات يسر مطعمة بنقوش فضية دقيقة، عمل يدوي متقن.' },
  { sku: 'SB-YSR-003', name: 'سبحة يسر 99 حبة', category: 'yusr', material: 'yusr', tassel: 'black', metal: 'silver', beads: 99, size_mm: 7, price: 65 * KD, stock: 5, intro: 'سبحة يسر طويلة بتسع وتسعين حبة للأذكار.' },
  { sku: 'SB-YSR-004', name: 'سبحة يسر مخروطي', category: 'yusr', material: 'yusr', tassel: 'navy', metal: 'silver', beads: 33, size_mm: 11, price: 55 * KD, stock: 0, intro: 'خراطة مخروطية تقليدية تعطي السبحة صوتاً مميزاً عند التسبيح.' },
  { sku: 'SB-YSR-005', name: 'سبحة يسر صغيرة للجيب', category: 'yusr', material: 'yusr', tassel: 'gold', metal: 'gold', beads: 33, size_mm: 7, price: 25 * KD, stock: 15, attributes: ['beads', 'tassel'], intro: 'حجم صغير يرافقك في الجيب أينما ذهبت.' },

  // Kuk
  { sku: 'SB-KUK-001', name: 'سبحة كوك هندي', category: 'kuk', material: 'kuk', tassel: 'brown', metal: 'silver', beads: 33, size_mm: 10, price: 22 * KD, stock: 10, attributes: ['tassel'], intro: 'كوك هندي أصلي بلون بني محروق ولمعة طبيعية.' },
  { sku: 'SB-KUK-002', name: 'سبحة كوك مطعم بالفضة', category: 'kuk', material: 'kuk', tassel: 'silver', metal: 'silver', beads: 33, size_mm: 12, price: 48 * KD, stock: 2, featured: true, intro: 'كوك مطعم بمسامير فضية دقيقة، من أجمل أعمال الحرفيين.' },
  { sku: 'SB-KUK-003', name: 'سبحة كوك 99 حبة', category: 'kuk', material: 'kuk', tassel: 'black', metal: 'silver', beads: 99, size_mm: 7, price: 36_500, sale_price: 31 * KD, stock: 6, intro: 'سبحة كوك طويلة خفيفة الوزن مناسبة للأذكار اليومية.' },
  { sku: 'SB-KUK-004', name: 'سبحة كوك قديم', category: 'kuk', material: 'kuk', tassel: 'red', metal: 'gold', beads: 33, size_mm: 11, price: 60 * KD, stock: 1, intro: 'قطعة قديمة اكتسبت مع السنين لوناً داكناً ولمعة عميقة.' },

  // Wood
  { sku: 'SB-OLV-001', name: 'سبحة خشب الزيتون', category: 'wooden', material: 'olive-wood', tassel: 'green', metal: 'gold', beads: 33, size_mm: 8, price: 4_500, stock: 60, attributes: ['beads', 'tassel'], intro: 'خشب الزيتون بعروقه الطبيعية، بسيطة ودافئة ومناسبة للجميع.' },
  { sku: 'SB-OLV-002', name: 'سبحة خشب الزيتون 99 حبة', category: 'wooden', material: 'olive-wood', tassel: 'brown', metal: 'gold', beads: 99, size_mm: 6, price: 7 * KD, stock: 35, attributes: ['tassel'], intro: 'سبحة أذكار كاملة من خشب الزيتون خفيفة الوزن.' },
  { sku: 'SB-OLV-003', name: 'سبحة زيتون بحبات كبيرة', category: 'wooden', material: 'olive-wood', tassel: 'black', metal: 'silver', beads: 33, size_mm: 12, price: 6_250, sale_price: 5 * KD, stock: 4, attributes: ['beads'], intro: 'حبات زيتون كبيرة تملأ اليد وتريح الأصابع.' },
  { sku: 'SB-OLV-004', name: 'سبحة زيتون محفورة', category: 'wooden', material: 'olive-wood', tassel: 'gold', metal: 'gold', beads: 33, size_mm: 10, price: 8_750, stock: 0, draft: true, intro: 'حبات زيتون محفورة بزخارف هندسية دقيقة.' },
  { sku: 'SB-SND-001', name: 'سبحة خشب الصندل', category: 'wooden', material: 'sandalwood', tassel: 'red', metal: 'gold', beads: 33, size_mm: 8, price: 9 * KD, stock: 24, attributes: ['beads', 'tassel'], intro: 'خشب الصندل العطري الذي تفوح رائحته الهادئة مع الاستعمال.' },
  { sku: 'SB-SND-002', name: 'سبحة صندل معطرة 99 حبة', category: 'wooden', material: 'sandalwood', tassel: 'brown', metal: 'gold', beads: 99, size_mm: 6, price: 12_500, stock: 13, intro: 'تسع وتسعون حبة من الصندل الهندي برائحة تدوم طويلاً.' },
  { sku: 'SB-EBN-001', name: 'سبحة أبنوس', category: 'wooden', material: 'ebony', tassel: 'black', metal: 'silver', beads: 33, size_mm: 10, price: 14 * KD, stock: 9, attributes: ['size', 'tassel'], intro: 'الأبنوس الأفريقي الداكن، خشب ثقيل ناعم الملمس.' },
  { sku: 'SB-EBN-002', name: 'سبحة أبنوس بفواصل فضة', category: 'wooden', material: 'ebony', tassel: 'silver', metal: 'silver', beads: 33, size_mm: 12, price: 19_750, sale_price: 16_500, stock: 0, intro: 'أبنوس أسود مع فواصل فضية تبرز جمال الخشب.' },

  // Crystal
  { sku: 'SB-CRY-001', name: 'سبحة كريستال شفاف', category: 'crystal', material: 'crystal', tassel: 'white', metal: 'silver', beads: 33, size_mm: 8, price: 8 * KD, stock: 28, attributes: ['beads', 'tassel'], intro: 'كريستال صافٍ يعكس الضوء بألوان قوس قزح.' },
  { sku: 'SB-CRY-002', name: 'سبحة كريستال أزرق', category: 'crystal', material: 'blue-crystal', tassel: 'navy', metal: 'silver', beads: 33, size_mm: 10, price: 10_500, stock: 16, attributes: ['tassel'], intro: 'كريستال بلون السماء، سبحة مبهجة للهدايا.' },
  { sku: 'SB-CRY-003', name: 'سبحة كريستال 99 حبة', category: 'crystal', material: 'crystal', tassel: 'silver', metal: 'silver', beads: 99, size_mm: 6, price: 15 * KD, sale_price: 12_500, stock: 5, intro: 'سبحة أذكار كريستالية خفيفة ولامعة.' },
  { sku: 'SB-CRY-004', name: 'سبحة كريستال مقطعة', category: 'crystal', material: 'crystal', tassel: 'gold', metal: 'gold', beads: 33, size_mm: 12, price: 13_250, stock: 2, intro: 'حبات بقطع ماسي متعدد الأوجه تلمع مع كل حركة.' },

  // Coral
  { sku: 'SB-COR-001', name: 'سبحة مرجان أحمر', category: 'coral', material: 'coral', tassel: 'gold', metal: 'gold', beads: 33, size_mm: 8, price: 120 * KD, stock: 3, featured: true, intro: 'مرجان أحمر طبيعي بلون دافئ عميق، من أثمن خامات السبح.' },
  { sku: 'SB-COR-002', name: 'سبحة مرجان 99 حبة', category: 'coral', material: 'coral', tassel: 'red', metal: 'gold', beads: 99, size_mm: 5, price: 195 * KD, sale_price: 175 * KD, stock: 1, intro: 'تسع وتسعون حبة مرجان متناسقة اللون، قطعة نادرة.' },
  { sku: 'SB-COR-003', name: 'سبحة مرجان بفواصل ذهبية', category: 'coral', material: 'coral', tassel: 'gold', metal: 'gold', beads: 33, size_mm: 10, price: 240 * KD, stock: 2, intro: 'مرجان بحبات كبيرة مع فواصل وإمام مطلية بالذهب.' },
  { sku: 'SB-COR-004', name: 'سبحة مرجان وردي', category: 'coral', material: 'coral', tassel: 'white', metal: 'silver', beads: 33, size_mm: 8, price: 98 * KD, stock: 0, draft: true, intro: 'مرجان بدرجة وردية فاتحة، بانتظار التصوير والتسعير النهائي.' },

  // Gifts
  { sku: 'SB-SLV-001', name: 'سبحة فضة عيار 925', category: 'gifts', material: 'silver', tassel: 'silver', metal: 'silver', beads: 33, size_mm: 8, price: 42 * KD, stock: 7, featured: true, attributes: ['tassel'], intro: 'حبات فضة مصقولة يدوياً بلمعة لا تبهت.' },
  { sku: 'SB-PRL-001', name: 'سبحة لؤلؤ طبيعي', category: 'gifts', material: 'pearl', tassel: 'white', metal: 'silver', beads: 33, size_mm: 7, price: 150 * KD, sale_price: 135 * KD, stock: 2, featured: true, intro: 'لؤلؤ طبيعي يذكر بتراث الغوص في الخليج، هدية لا تنسى.' },
  { sku: 'SB-GLD-001', name: 'سبحة مطلية بالذهب', category: 'gifts', material: 'gold', tassel: 'gold', metal: 'gold', beads: 33, size_mm: 8, price: 35 * KD, stock: 10, intro: 'حبات مطلية بماء الذهب بتصميم كلاسيكي فاخر.' },
  { sku: 'SB-SLV-002', name: 'طقم هدية: سبحة فضة مع علبة خشبية', category: 'gifts', material: 'silver', tassel: 'navy', metal: 'silver', beads: 33, size_mm: 10, price: 58 * KD, stock: 5, attributes: ['tassel'], intro: 'سبحة فضة تصل في علبة خشبية مبطنة بالمخمل، جاهزة للإهداء.' },
  { sku: 'SB-PRL-002', name: 'سبحة لؤلؤ 99 حبة', category: 'gifts', material: 'pearl', tassel: 'gold', metal: 'gold', beads: 99, size_mm: 5, price: 280 * KD, stock: 1, intro: 'تسع وتسعون لؤلؤة متناسقة الحجم واللمعة.' },
];

/** Where each material comes from and how to care for it (the English is in demo-data-en.ts). */
export const materialStory: Record<BeadMaterial, { origin: string; care: string }> = {
  'baltic-amber': {
    origin: 'كهرمان بلطيقي طبيعي من سواحل بحر البلطيق، خفيف الوزن دافئ الملمس.',
    care: 'amber',
  },
  'cherry-amber': {
    origin: 'كهرمان بلطيقي طبيعي معتق اكتسب لونه الأحمر عبر السنين.',
    care: 'amber',
  },
  'pressed-amber': {
    origin: 'مصنوعة من فتات الكهرمان الطبيعي بعد ضغطه بالحرارة في ليتوانيا.',
    care: 'amber',
  },
  kuk: { origin: 'مخروطة يدوياً من قشر جوز الكوك المجلوب من الهند.', care: 'resin' },
  yusr: { origin: 'من اليسر البحري الأسود المستخرج من سواحل البحر الأحمر.', care: 'resin' },
  'red-agate': { origin: 'عقيق يمني طبيعي مصقول يدوياً.', care: 'stone' },
  'green-agate': { origin: 'عقيق طبيعي من البرازيل مصقول بعناية.', care: 'stone' },
  turquoise: { origin: 'فيروز طبيعي من مناجم نيسابور في إيران.', care: 'stone' },
  'tiger-eye': { origin: 'حجر عين النمر الطبيعي من جنوب أفريقيا.', care: 'stone' },
  onyx: { origin: 'أونيكس طبيعي مصقول من البرازيل.', care: 'stone' },
  'olive-wood': { origin: 'من خشب الزيتون الفلسطيني المجفف طبيعياً.', care: 'wood' },
  sandalwood: { origin: 'من خشب الصندل الهندي العطري.', care: 'wood' },
  ebony: { origin: 'من خشب الأبنوس الأفريقي الثقيل.', care: 'wood' },
  crystal: { origin: 'كريستال تشيكي صافٍ مقطوع بدقة.', care: 'crystal' },
  'blue-crystal': { origin: 'كريستال تشيكي ملون مقطوع بدقة.', care: 'crystal' },
  amethyst: { origin: 'جمشت طبيعي من البرازيل.', care: 'stone' },
  coral: { origin: 'مرجان أحمر طبيعي من البحر الأبيض المتوسط.', care: 'coral' },
  silver: { origin: 'فضة عيار 925 مشغولة يدوياً في الكويت.', care: 'metal' },
  gold: { origin: 'حبات نحاسية مطلية بماء الذهب عيار 18.', care: 'metal' },
  lapis: { origin: 'لازورد طبيعي من جبال بدخشان في أفغانستان.', care: 'stone' },
  malachite: { origin: 'ملكيت طبيعي من الكونغو.', care: 'stone' },
  pearl: { origin: 'لؤلؤ طبيعي منتقى حبة حبة.', care: 'pearl' },
  hematite: { origin: 'هيماتيت طبيعي مصقول حتى اللمعة المعدنية.', care: 'stone' },
  jade: { origin: 'يشم طبيعي من بورما.', care: 'stone' },
};

const careAdvice: Record<string, string> = {
  amber: 'تُحفظ بعيداً عن العطور والحرارة، وتُمسح بقطعة قماش ناعمة لتحافظ على لمعتها.',
  resin: 'تكتسب لمعة أعمق مع كثرة التسبيح، وتُمسح بقطعة قماش جافة ولا تُغسل بالماء.',
  stone: 'تُنظف بقطعة قماش مبللة قليلاً وتُجفف جيداً، وتُحفظ بعيداً عن الصدمات.',
  wood: 'تزداد جمالاً مع الاستعمال، ويُفضل إبعادها عن الماء وتلميعها أحياناً بقطرة زيت زيتون.',
  crystal: 'تُغسل بماء فاتر وصابون خفيف وتُجفف فوراً لتبقى صافية لامعة.',
  coral: 'المرجان حساس للعطور والأحماض، فتُلبس بعد وضع العطر وتُمسح بقماش ناعم جاف.',
  metal: 'تُلمع بقطعة قماش مخصصة للمعادن وتُحفظ في علبة مغلقة لتبقى لامعة.',
  pearl: 'يُحفظ اللؤلؤ منفصلاً عن الأحجار الصلبة ويُمسح بعد كل استعمال بقماش ناعم.',
};

const metalNames: Record<Metal, string> = { silver: 'الفضة', gold: 'النحاس المطلي بالذهب' };

const tasselNames: Record<TasselColour, string> = {
  black: 'سوداء',
  gold: 'ذهبية',
  silver: 'فضية',
  red: 'حمراء',
  green: 'خضراء',
  navy: 'كحلية',
  brown: 'بنية',
  white: 'بيضاء',
};

/** One line for listings: count, size and finish. */
export function shortDescriptionOf(product: DemoProduct): string {
  return `${product.beads} حبة بقياس ${product.size_mm} ملم، إمام وفواصل من ${metalNames[product.metal]} وشرابة ${tasselNames[product.tassel]}.`;
}

/** Two to four sentences: the product's own line, its make-up, origin and (mostly) care. */
export function descriptionOf(product: DemoProduct, index: number): string {
  const story = materialStory[product.material];
  const sentences = [
    product.intro,
    `تتكون من ${product.beads} حبة بقياس ${product.size_mm} ملم، مع إمام وفاصلين من ${metalNames[product.metal]} وشرابة ${tasselNames[product.tassel]}.`,
  ];
  // Some descriptions stay short, as real shop listings do.
  if (index % 5 !== 4) sentences.push(story.origin);
  if (index % 3 !== 2) sentences.push(careAdvice[story.care]!);
  return sentences.join(' ');
}

/** The demo's attributes: name and variations with their default surcharge. */
export const demoAttributes = {
  beads: {
    name: 'عدد الحبات',
    variations: [
      ['33 حبة', 0],
      ['45 حبة', 1_500],
      ['99 حبة', 4_000],
    ],
  },
  tassel: {
    name: 'لون الشرابة',
    variations: [
      ['أسود', 0],
      ['ذهبي', 0],
      ['فضي', 0],
      ['أحمر', 500],
      ['أخضر', 500],
      ['كحلي', 500],
    ],
  },
  size: {
    name: 'المقاس',
    variations: [
      ['8 مم', 0],
      ['10 مم', 1_000],
      ['12 مم', 2_500],
    ],
  },
} as const satisfies Record<
  DemoAttribute,
  { name: string; variations: ReadonlyArray<readonly [string, number]> }
>;

const roundToQuarter = (fils: number) => Math.round(fils / 250) * 250;

/**
 * The surcharges a product asks for each variation it offers. Pricier strands charge in
 * proportion for more beads; sizes below the product's own are not offered.
 */
export function productSurcharges(
  product: DemoProduct,
  attribute: DemoAttribute,
): Array<{ title: string; price: number }> {
  const variations = demoAttributes[attribute].variations;
  switch (attribute) {
    case 'tassel':
      return variations.map(([title, price]) => ({ title, price }));
    case 'beads': {
      const proportional = product.price > 15 * KD;
      const share = [0, 0.15, 0.35];
      return variations.map(([title, price], index) => ({
        title,
        price: proportional
          ? Math.max(price, roundToQuarter(product.price * share[index]!))
          : price,
      }));
    }
    case 'size': {
      const own = variations.find(([title]) => title.startsWith(`${product.size_mm} `));
      const base = own ? own[1] : 0;
      return variations
        .filter(([, price]) => price >= base)
        .map(([title, price]) => ({ title, price: price - base }));
    }
  }
}

export interface DemoSlide {
  title: string;
  description: string;
  link_url: string;
  is_active: boolean;
  look: StrandLook;
}

export const demoSlides: readonly DemoSlide[] = [
  {
    title: 'مجموعة الكهرمان البلطيقي',
    description: 'حبات طبيعية من بحر البلطيق بألوان العسل والكونياك والكرز',
    link_url: '/category/amber',
    is_active: true,
    look: { material: 'baltic-amber', beadCount: 33, tassel: 'gold', metal: 'gold' },
  },
  {
    title: 'أحجار كريمة بألوان الطبيعة',
    description: 'فيروز نيسابوري وعقيق يمني ولازورد أفغاني مصقولة بعناية',
    link_url: '/category/gemstones',
    is_active: true,
    look: { material: 'turquoise', beadCount: 33, tassel: 'silver', metal: 'silver' },
  },
  {
    title: 'مختارات مميزة',
    description: 'أجمل القطع المختارة من متجرنا، مع توصيل خلال 24 ساعة داخل الكويت',
    link_url: '/products?featured=true',
    is_active: true,
    look: { material: 'pearl', beadCount: 33, tassel: 'gold', metal: 'gold' },
  },
  {
    title: 'عروض الشتاء',
    description: 'خصومات على سبح مختارة من الكهرمان المضغوط والأخشاب العطرية',
    link_url: '/products?sort=price&order=asc',
    is_active: false,
    look: { material: 'pressed-amber', beadCount: 33, tassel: 'red', metal: 'gold' },
  },
];
