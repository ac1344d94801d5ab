/**
 * The generic page of a list route (spec section 2): its title (the plural, with the waiting
 * suffix while a call is in flight) and the table of each category the route serves; /documents
 * shows basic documents and collections, one table each. The tables live in ./list/.
 */
import { Stack } from '@mui/material';
import type { PageProps } from './overrides';
import { pageTitle } from './pageTitle';
import { PageTitle } from './PageTitle';
import { CategoryTable } from './list/CategoryTable';

export const ListPage = ({ route }: PageProps) => (
  <Stack spacing={3} sx={{ mt: 1 }}>
    <PageTitle title={pageTitle('table', route.category)} />
    {route.categories.map((category) => (
      <CategoryTable
        key={category.key}
        category={category}
        showHeading={route.categories.length > 1}
        showAdd={category === route.category}
        syncWithLocation={category === route.category}
      />
    ))}
  </Stack>
);
