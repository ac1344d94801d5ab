/**
 * A table on a phone (below 600 px, issue 13 item 7): one card per object instead of a row, so
 * nothing scrolls sideways. What a card shows comes from the category's schema: the name (a link
 * to the object's view page, a full-width touch target), the searched fields people have in hand
 * (a device's unique ID), then the first other list columns, and a `recency` column's status dot
 * with its age (a device's last contact) beside the name. It sits in the same react-admin List as
 * the table, so paging, sort, filters and the search are the server's, as on a desktop. A table of
 * several categories (/documents) gives each row's own category, link and kind (`rows`).
 */
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { LinkBase, RecordContextProvider, useListContext, type RaRecord } from 'react-admin';
import type { Category } from '../../schemas';
import { ownMessages } from '../../messages';
import { objectHref, objectRoutes } from '../consoleRoutes';
import { displayField } from '../displayField';
import { EmptyList } from './EmptyList';
import { columnElement, listColumns, type Column } from './listColumns';

/** How many list columns a card shows besides its name, identity and recency. */
export const CARD_FACTS = 2;

/** The columns of a card: the identity fields first, then the first other list columns; the recency columns apart. */
export function cardColumns(category: Category): { facts: Column[]; recency: Column[] } {
  const name = displayField(category);
  const columns = listColumns(category).filter((c) => c.name !== name);
  const searched = new Set(category.fieldSets.searchable);
  const aged = new Set(category.fieldSets.byAge);
  const identity = columns.filter((c) => searched.has(c.name) && !aged.has(c.name));
  const others = columns.filter((c) => !searched.has(c.name) && !aged.has(c.name)).slice(0, CARD_FACTS);
  return { facts: [...identity, ...others], recency: columns.filter((c) => aged.has(c.name)) };
}

/** For a table of several categories: each row's own category, view page and kind. */
export interface UnionRows {
  categoryOf: (record: RaRecord) => Category;
  hrefOf: (record: RaRecord) => string | undefined;
  kindOf: (record: RaRecord) => string;
}

export const PhoneCardList = ({ category, rows }: { category: Category; rows?: UnionRows }) => {
  const { data, isPending } = useListContext();
  if (isPending) return null;
  if (!data || data.length === 0) return <EmptyList category={category} />;
  return (
    <Stack component="ul" aria-label={category.plural} spacing={1} sx={{ listStyle: 'none', m: 0, px: 1, pb: 1 }} data-testid="phone-cards">
      {data.map((record: RaRecord) => (
        <RecordContextProvider key={record.id} value={record}>
          <ObjectCard
            record={record}
            category={rows ? rows.categoryOf(record) : category}
            href={rows ? rows.hrefOf(record) : viewHref(category, record)}
            kind={rows?.kindOf(record)}
          />
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

function viewHref(category: Category, record: RaRecord): string | undefined {
  const routes = objectRoutes(category);
  return routes ? objectHref(routes.view, record.id) : undefined;
}

const ObjectCard = ({ record, category, href, kind }: { record: RaRecord; category: Category; href: string | undefined; kind: string | undefined }) => {
  const name = displayField(category);
  const { facts, recency } = cardColumns(category);
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography component="div" sx={{ flexGrow: 1, minWidth: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {href ? (
              <LinkBase to={href} style={{ display: 'block', padding: '8px 0' }}>
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
        {kind !== undefined && (
          <Typography component="div" variant="body2" color="text.secondary">
            {ownMessages.kindColumn}: {kind}
          </Typography>
        )}
        {facts.map((column) => (
          <Typography key={column.name} component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {column.field.label}: {columnElement(category, column)}
          </Typography>
        ))}
      </CardContent>
    </Card>
  );
};
