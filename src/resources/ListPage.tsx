/**
 * The generic page of a list route: for now a short list of the objects by name with a link to
 * each object's view page and to the add form. The real tables come with issue 3.
 */
import { Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { LinkBase, useGetList } from 'react-admin';
import type { Category } from '../schemas';
import { objectHref, objectRoutes } from './consoleRoutes';
import { displayField, displayLabel } from './displayField';
import type { PageProps } from './overrides';
import { pageHeading, pageTitle } from './pageTitle';
import { PageTitle } from './PageTitle';

/** How many objects the placeholder list shows. */
const PREVIEW_SIZE = 25;

export const ListPage = ({ route }: PageProps) => (
  <Stack spacing={2} sx={{ mt: 1 }}>
    <PageTitle title={pageTitle('table', route.category)} />
    {route.categories.map((category) => (
      <CategoryList
        key={category.key}
        category={category}
        showHeading={route.categories.length > 1}
        // A shared add route (one form for several categories) is offered once.
        showAdd={category === route.category}
      />
    ))}
  </Stack>
);

const CategoryList = ({ category, showHeading, showAdd }: { category: Category; showHeading: boolean; showAdd: boolean }) => {
  const field = displayField(category);
  const { data } = useGetList(category.key, {
    pagination: { page: 1, perPage: PREVIEW_SIZE },
    sort: { field, order: 'ASC' },
  });
  const routes = objectRoutes(category);
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          {showHeading && (
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {category.plural}
            </Typography>
          )}
          {routes && showAdd && (
            <Button component={LinkBase} to={routes.new} variant="outlined">
              {pageHeading('new', category)}
            </Button>
          )}
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{displayLabel(category)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  {routes ? <LinkBase to={objectHref(routes.view, row.id)}>{String(row[field] ?? '')}</LinkBase> : String(row[field] ?? '')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
};
