/**
 * The generic page of a list route (spec section 2): its title (the plural, with the waiting
 * suffix while a call is in flight) and the table of the category the route serves, or one table
 * of all of them where categories share the route (/documents: documents and collections, with a
 * Kind column). The tables live in ./list/.
 */
import { Stack } from '@mui/material';
import type { PageProps } from './overrides';
import { pageTitle } from './pageTitle';
import { PageTitle } from './PageTitle';
import { CategoryTable } from './list/CategoryTable';
import { UnionTable } from './list/UnionTable';

export const ListPage = ({ route }: PageProps) => (
  <Stack spacing={3} sx={{ mt: 1 }}>
    <PageTitle title={pageTitle('table', route.category)} />
    {route.categories.length > 1 ? <UnionTable route={route} /> : <CategoryTable category={route.category} />}
  </Stack>
);
