import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AdminCityDeleteResponse,
  AdminCityResponse,
  City,
  CityListResponse,
  CountryListResponse,
  GovernorateListResponse,
} from '@shop/shared';
import { adminApi, adminQueryKeys, useRefresh, useResourceMutation, type MutationCallbacks } from '../ui/admin-api';
import { cityBody, cityListQuery, type CityFilters, type CityForm } from './city-rules';

/** The calls of the cities tab, the city form and the bulk fee edit, and their query keys. */

const cityKeysBase = adminQueryKeys('cities');

/** The cities' lists by filter; the countries and governorates they are chosen from. */
export const citiesQueryKeys = {
  ...cityKeysBase,
  countries: () => [...cityKeysBase.all, 'countries'] as const,
  governorates: (countryId: number) => [...cityKeysBase.all, 'governorates', countryId] as const,
};

/** GET /locations/countries: the countries cities can be in. */
export function countriesQuery() {
  return queryOptions({
    queryKey: citiesQueryKeys.countries(),
    queryFn: async () => (await adminApi().get<CountryListResponse>('/locations/countries')).countries,
    retry: false,
  });
}

/** GET /locations/countries/:id/governorates; idle without a country. */
export function governoratesQuery(countryId: number | null) {
  return queryOptions({
    queryKey: citiesQueryKeys.governorates(countryId ?? 0),
    queryFn: async () =>
      (await adminApi().get<GovernorateListResponse>(`/locations/countries/${countryId}/governorates`)).governorates,
    enabled: countryId !== null,
    retry: false,
  });
}

/**
 * GET /locations/cities?admin=true with the list's filters: every city, inactive ones too, with
 * its country, governorate, fee and date. The previous list stays on screen while a filter loads.
 */
export function adminCitiesQuery(filters: CityFilters) {
  const query = cityListQuery(filters);
  return queryOptions({
    queryKey: citiesQueryKeys.list(query),
    queryFn: async () => (await adminApi().get<CityListResponse>('/locations/cities', query)).cities,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /locations/cities (id null) or PUT /locations/cities/:id with the whole form. */
async function saveCity(id: number | null, form: CityForm): Promise<City> {
  const api = adminApi();
  const body = cityBody(form);
  const reply =
    id === null
      ? await api.post<AdminCityResponse>('/locations/cities', body)
      : await api.put<AdminCityResponse>(`/locations/cities/${id}`, body);
  return reply.city;
}

/** PUT /locations/cities/:id with the fee alone (one call of the bulk edit). */
export async function updateCityFee(id: number, fee: number): Promise<City> {
  return (await adminApi().put<AdminCityResponse>(`/locations/cities/${id}`, { shipping_fee: fee })).city;
}

/** DELETE /locations/cities/:id: past orders keep the city's name and fee. */
async function deleteCity(id: number): Promise<void> {
  await adminApi().delete<AdminCityDeleteResponse>(`/locations/cities/${id}`);
}

/**
 * After a write: every filtered list of cities refreshes. Orders keep their city's name and fee
 * (the orders' city filter is built from the orders), so nothing else does.
 */
export function refreshCities(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: citiesQueryKeys.lists() });
}

/** Creates a city (`id` null) or changes one with the whole form. */
export function useSaveCity(id: number | null, callbacks?: MutationCallbacks<City, CityForm>) {
  return useResourceMutation((form: CityForm) => saveCity(id, form), refreshCities, callbacks);
}

export function useDeleteCity(callbacks?: MutationCallbacks<void, City>) {
  return useResourceMutation((city: City) => deleteCity(city.id), refreshCities, callbacks);
}

/** Refreshes the cities (a row someone else deleted; the bulk fee edit's run has ended). */
export function useRefreshCities(): () => void {
  return useRefresh(refreshCities);
}
