import type { Executor } from '../db/client.js';
import {
  createCities,
  createCountry,
  createGovernorates,
  createPromoCodes,
  type NewPromoCode,
} from './factories.js';

/**
 * Where the demo shop delivers (Kuwait's six governorates and their main areas, with shipping
 * fees) and its promo codes. Plain data: every seed produces the same rows. Money in thousandths.
 */

const KD = 1000;
const LOCATIONS_CREATED = Date.UTC(2025, 10, 1);
const PROMO_CODES_CREATED = Date.UTC(2025, 11, 20);
const MINUTE_MS = 60 * 1000;

/** [Arabic name, English name, shipping fee in thousandths] */
type DemoArea = readonly [string, string, number];

export interface DemoGovernorate {
  name_ar: string;
  name_en: string;
  areas: readonly DemoArea[];
}

export const demoCountry = { name_ar: 'الكويت', name_en: 'Kuwait', code: 'KW' } as const;

export const demoGovernorates: readonly DemoGovernorate[] = [
  {
    name_ar: 'العاصمة',
    name_en: 'Capital',
    areas: [
      ['مدينة الكويت', 'Kuwait City', 1 * KD],
      ['الشرق', 'Sharq', 1 * KD],
      ['الشامية', 'Shamiya', 1 * KD],
      ['الدسمة', 'Dasma', 1 * KD],
      ['الشويخ', 'Shuwaikh', 1 * KD],
      ['كيفان', 'Kaifan', 1 * KD],
      ['الدعية', 'Daiya', 1 * KD],
      ['الروضة', 'Rawda', 1 * KD],
    ],
  },
  {
    name_ar: 'حولي',
    name_en: 'Hawalli',
    areas: [
      ['السالمية', 'Salmiya', 1 * KD],
      ['حولي', 'Hawalli', 1 * KD],
      ['الجابرية', 'Jabriya', 1 * KD],
      ['مشرف', 'Mishref', 1_500],
      ['بيان', 'Bayan', 1_500],
      ['الرميثية', 'Rumaithiya', 1 * KD],
      ['سلوى', 'Salwa', 1_500],
    ],
  },
  {
    name_ar: 'الفروانية',
    name_en: 'Farwaniya',
    areas: [
      ['الفروانية', 'Farwaniya', 1_500],
      ['خيطان', 'Khaitan', 1_500],
      ['جليب الشيوخ', 'Jleeb Al-Shuyoukh', 2 * KD],
      ['العارضية', 'Ardiya', 2 * KD],
      ['الرابية', 'Rabiya', 1_500],
      ['الأندلس', 'Andalus', 1_500],
    ],
  },
  {
    name_ar: 'مبارك الكبير',
    name_en: 'Mubarak Al-Kabeer',
    areas: [
      ['صباح السالم', 'Sabah Al-Salem', 1_500],
      ['القرين', 'Qurain', 1_500],
      ['العدان', 'Adan', 1_500],
      ['القصور', 'Qusour', 1_500],
      ['المسيلة', 'Messila', 2 * KD],
    ],
  },
  {
    name_ar: 'الأحمدي',
    name_en: 'Ahmadi',
    areas: [
      ['الأحمدي', 'Ahmadi', 2 * KD],
      ['الفحيحيل', 'Fahaheel', 2 * KD],
      ['المنقف', 'Mangaf', 2 * KD],
      ['الفنطاس', 'Fintas', 2 * KD],
      ['المهبولة', 'Mahboula', 2_500],
      ['أبو حليفة', 'Abu Halifa', 2 * KD],
      ['صباح الأحمد', 'Sabah Al-Ahmad', 3 * KD],
    ],
  },
  {
    name_ar: 'الجهراء',
    name_en: 'Jahra',
    areas: [
      ['الجهراء', 'Jahra', 2_500],
      ['سعد العبدالله', 'Saad Al-Abdullah', 2_500],
      ['العيون', 'Oyoun', 2_500],
      ['النعيم', 'Naeem', 2_500],
      ['القصر', 'Qasr', 2_500],
      ['الصليبية', 'Sulaibiya', 3 * KD],
    ],
  },
];

export const demoPromoCodes: readonly NewPromoCode[] = [
  {
    code: 'RAMADAN10',
    description: 'خصم 10% بمناسبة شهر رمضان على الطلبات من 10 د.ك',
    discount_type: 'percentage',
    discount_value: 10,
    min_order_amount: 10 * KD,
  },
  {
    code: 'WELCOME5',
    description: 'خصم 5 د.ك للعملاء الجدد على الطلبات من 20 د.ك',
    discount_type: 'fixed',
    discount_value: 5 * KD,
    min_order_amount: 20 * KD,
    once_per_customer: true,
  },
  {
    code: 'EID2025',
    description: 'عرض عيد الأضحى 2025: خصم 15% (منتهي)',
    discount_type: 'percentage',
    discount_value: 15,
    valid_from: new Date('2025-06-05T00:00:00+03:00'),
    valid_until: new Date('2025-06-10T23:59:59+03:00'),
  },
  {
    code: 'LAUNCH20',
    description: 'خصم 20% لأول 100 طلب عند افتتاح المتجر (مستنفد)',
    discount_type: 'percentage',
    discount_value: 20,
    max_uses: 100,
    used_count: 100,
  },
];

/** Writes the demo country, governorates, cities and promo codes. */
export async function seedDemoLocations(
  db: Executor,
): Promise<{ cities: number; promoCodes: number }> {
  const country = await createCountry(db, { ...demoCountry, sort_order: 1 });
  const governorateRows = await createGovernorates(
    db,
    demoGovernorates.map((governorate, index) => ({
      country_id: country.id,
      name_ar: governorate.name_ar,
      name_en: governorate.name_en,
      sort_order: index + 1,
    })),
  );
  let minute = 0;
  const cityRows = await createCities(
    db,
    demoGovernorates.flatMap((governorate, index) =>
      governorate.areas.map(([name_ar, name_en, shipping_fee]) => ({
        country_id: country.id,
        governorate_id: governorateRows[index]!.id,
        name_ar,
        name_en,
        shipping_fee,
        created_at: new Date(LOCATIONS_CREATED + minute++ * MINUTE_MS),
      })),
    ),
  );
  const promoRows = await createPromoCodes(
    db,
    demoPromoCodes.map((promo, index) => {
      const created_at = new Date(PROMO_CODES_CREATED + index * MINUTE_MS);
      return { ...promo, created_at, updated_at: created_at };
    }),
  );
  return { cities: cityRows.length, promoCodes: promoRows.length };
}
