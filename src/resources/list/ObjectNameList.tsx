/**
 * The body of a route the spec calls a list rather than a table (spec section 2: /types,
 * /groups; `console.listKind: 'list'`): each object's name, linking to its view page, over its
 * other list facts ('Team: …'). It sits in the same react-admin List as a table, so the server's
 * paging, sort, filters, search and the CSV export are the same.
 */
import { Box, List, ListItem, ListItemText } from '@mui/material';
import { Fragment } from 'react';
import { LinkBase, RecordContextProvider, useListContext, type RaRecord } from 'react-admin';
import type { Category } from '../../schemas';
import { objectHref, objectRoutes } from '../consoleRoutes';
import { displayField } from '../displayField';
import { EmptyList } from './EmptyList';
import { columnElement, listColumns } from './listColumns';

export const ObjectNameList = ({ category }: { category: Category }) => {
  const { data, isPending } = useListContext();
  if (isPending) return null;
  if (!data || data.length === 0) return <EmptyList category={category} />;
  const routes = objectRoutes(category);
  const name = displayField(category);
  const facts = listColumns(category).filter((column) => column.name !== name);
  return (
    <List aria-label={category.plural}>
      {data.map((record: RaRecord) => (
        <RecordContextProvider key={record.id} value={record}>
          <ListItem divider>
            <ListItemText
              primary={
                routes ? (
                  <LinkBase to={objectHref(routes.view, record.id)}>{String(record[name] ?? '')}</LinkBase>
                ) : (
                  String(record[name] ?? '')
                )
              }
              secondary={facts.map((column, i) => (
                <Fragment key={column.name}>
                  {i > 0 && ' · '}
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {column.field.label}: {columnElement(category, column)}
                  </Box>
                </Fragment>
              ))}
              slotProps={{ secondary: { component: 'div' } }}
            />
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
};
