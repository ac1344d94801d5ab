import { useLocation } from 'react-admin';

/** A query parameter of the current address (object routes carry ?id=, spec section 2). */
export function useQueryParam(name: string): string | undefined {
  const { search } = useLocation();
  return new URLSearchParams(search).get(name) ?? undefined;
}
