import { useQuery } from "@tanstack/react-query";
import { apiKeys } from "../../api/queryKeys";
import { getCountries } from "../../api/system";

/** GET /system/countries, cached for every screen that shows a flag or a country select. */
export function useCountries() {
  return useQuery({ queryKey: apiKeys.countries, queryFn: ({ signal }) => getCountries(signal) });
}
