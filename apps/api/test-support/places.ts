import type { Executor } from '../src/db/client.js';
import { createCity, createCountry, createGovernorate } from '../src/seed/factories.js';

/** Where a checkout ships to: the ids its payload names. */
export interface ShippingPlace {
  country: number;
  governorate: number;
  city: number;
}

/** Kuwait, Hawalli and Salmiya (with the given shipping fee in fils): a checkout's place. */
export async function createSalmiya(db: Executor, shippingFee = 1_500): Promise<ShippingPlace> {
  const country = await createCountry(db, { name_ar: 'الكويت', name_en: 'Kuwait', code: 'KW' });
  const governorate = await createGovernorate(db, { country_id: country.id, name_ar: 'حولي', name_en: 'Hawalli' });
  const city = await createCity(db, {
    country_id: country.id,
    governorate_id: governorate.id,
    name_ar: 'السالمية',
    name_en: 'Salmiya',
    shipping_fee: shippingFee,
  });
  return { country: country.id, governorate: governorate.id, city: city.id };
}
