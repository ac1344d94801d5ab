/**
 * The generic object screen of the add, view and edit routes. For now it shows the spec's title
 * and heading and, for view and edit, the object's name; the real form comes with a later issue.
 */
import { Card, CardContent, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { displayField } from './displayField';
import type { PageProps } from './overrides';
import { pageHeading, pageTitle } from './pageTitle';
import { PageTitle } from './PageTitle';
import { useQueryParam } from './useQueryParam';

export const ObjectPage = ({ route }: PageProps) => {
  const { category, mode } = route;
  const id = useQueryParam('id');
  const { data } = useGetOne(category.key, { id: id ?? '' }, { enabled: (mode === 'view' || mode === 'edit') && id !== undefined });
  if (mode === 'table') throw new Error(`${route.path} is a list route`);
  return (
    <Card sx={{ mt: 1 }}>
      <PageTitle title={pageTitle(mode, category)} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {pageHeading(mode, category)}
        </Typography>
        {data && <Typography variant="h6">{String(data[displayField(category)] ?? '')}</Typography>}
      </CardContent>
    </Card>
  );
};
