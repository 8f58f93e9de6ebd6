import { QueryClient } from "@tanstack/react-query";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Spec section 9: "no refetch on window focus, no retry, fresh for 15 minutes". */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false, staleTime: FIFTEEN_MINUTES },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
