/**
 * A table on a phone (below 600 px, issue 13 item 7): one card per object instead of a row, so
 * nothing scrolls sideways. What a card shows comes from the category's schema: the name (a link
 * to the object's view page, a full-width touch target), the searched fields people have in hand
 * (a device's unique ID), then the first other list columns, and a `recency` column's status dot
 * with its age (a device's last contact) beside the name. It sits in the same react-admin List as
 * the table, so paging, sort, filters and the search are the server's, as on a desktop.
 */
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { LinkBase, RecordContextProvider, useListContext, type RaRecord } from 'react-admin';
import type { Category } from '../../schemas';
import { searchFields } from '../../schemas/searchFields';
import { ownMessages } from '../../messages';
import { objectHref, objectRoutes } from '../consoleRoutes';
import { displayField } from '../displayField';
import { columnElement, listColumns, type Column } from './listColumns';

/** How many list columns a card shows besides its name, identity and recency. */
export const CARD_FACTS = 2;

/** The columns of a card: the identity fields first, then the first other list columns; the recency columns apart. */
export function cardColumns(category: Category): { facts: Column[]; recency: Column[] } {
  const name = displayField(category);
  const columns = listColumns(category).filter((c) => c.name !== name);
  const searched = new Set(searchFields(category));
  const identity = columns.filter((c) => searched.has(c.name) && !c.field.recency);
  const others = columns.filter((c) => !searched.has(c.name) && !c.field.recency).slice(0, CARD_FACTS);
  return { facts: [...identity, ...others], recency: columns.filter((c) => c.field.recency) };
}

export const PhoneCardList = ({ category }: { category: Category }) => {
  const { data, isPending } = useListContext();
  if (isPending) return null;
  if (!data || data.length === 0) return <Typography sx={{ p: 2 }}>{ownMessages.noResults}</Typography>;
  const routes = objectRoutes(category);
  const name = displayField(category);
  const { facts, recency } = cardColumns(category);
  return (
    <Stack component="ul" aria-label={category.plural} spacing={1} sx={{ listStyle: 'none', m: 0, px: 1, pb: 1 }} data-testid="phone-cards">
      {data.map((record: RaRecord) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card component="li" variant="outlined">
            <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography component="div" sx={{ flexGrow: 1, minWidth: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {routes ? (
                    <LinkBase to={objectHref(routes.view, record.id)} style={{ display: 'block', padding: '8px 0' }}>
                      {String(record[name] ?? '')}
                    </LinkBase>
                  ) : (
                    String(record[name] ?? '')
                  )}
                </Typography>
                {recency.map((column) => (
                  <Box key={column.name} sx={{ flexShrink: 0, color: 'text.secondary', fontSize: '0.875rem' }}>
                    {columnElement(category, column)}
                  </Box>
                ))}
              </Stack>
              {facts.map((column) => (
                <Typography key={column.name} component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {column.field.label}: {columnElement(category, column)}
                </Typography>
              ))}
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
};
