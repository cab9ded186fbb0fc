import { useQuery } from '@tanstack/react-query';
import type { CityListResponse, CountryListResponse, GovernorateListResponse } from '@shop/shared';
import { browserApi } from '../../lib/api';

// Countries and governorates change rarely: kept for the whole visit once loaded.
const LOCATION_STALE_MS = 30 * 60 * 1000;
// Cities carry the shipping fee the order will charge, which the back office can change at any
// time: a minute at most, and asked again whenever the shopper comes back to the tab.
const CITY_FEE_STALE_MS = 60 * 1000;

/** GET /api/locations/countries, loaded in the browser. */
export function useCountries() {
  return useQuery({
    queryKey: ['locations', 'countries'],
    queryFn: async () => (await browserApi().get<CountryListResponse>('/locations/countries')).countries,
    staleTime: LOCATION_STALE_MS,
  });
}

/** The governorates of the chosen country; idle until a country is chosen. */
export function useGovernorates(countryId: number | null) {
  return useQuery({
    queryKey: ['locations', 'governorates', countryId],
    queryFn: async () =>
      (await browserApi().get<GovernorateListResponse>(`/locations/countries/${countryId}/governorates`)).governorates,
    enabled: countryId !== null,
    staleTime: LOCATION_STALE_MS,
  });
}

/** The cities (areas) of the chosen governorate, each with its shipping fee. */
export function useCities(governorateId: number | null) {
  return useQuery({
    queryKey: ['locations', 'cities', governorateId],
    queryFn: async () =>
      (await browserApi().get<CityListResponse>(`/locations/governorates/${governorateId}/cities`)).cities,
    enabled: governorateId !== null,
    staleTime: CITY_FEE_STALE_MS,
    // 'always': `true` asks again only once the minute is over, so a shopper back within it kept the old fee.
    refetchOnWindowFocus: 'always',
  });
}
