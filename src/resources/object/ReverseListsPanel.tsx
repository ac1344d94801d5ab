/**
 * Under the object form in view mode: the objects of other categories that point at this one, as
 * the category declares them (`lists`: a type's firmwares, groups and devices; a firmware's
 * devices), each name linking to its view page. The lists come with the object's full form
 * (GET /api/full/{cat}/{id}). A list may hold thousands: the panel names the first few and links
 * to the list route filtered on this object, counting a list the server cut by its total. An override that shows a list its own way (the
 * devices of a group) names it in `ownLists`.
 */
import { Box, Card, CardContent, Link as MuiLink, List, ListItem, Typography } from '@mui/material';
import type { Identifier, RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { mustGetCategory, type Category, type ReverseList } from '../../schemas';
import { ownMessages } from '../../messages';
import { ObjectViewLink } from '../ObjectViewLink';
import { optionLabel } from '../dropdown/picker';
import type { ObjectMode } from '../consoleRoutes';
import { embeddedTotal } from '../../schemas/embeddedList';

/** How many objects of a list are named before 'Show all N in {plural}'. */
export const SHOWN_MAX = 20;

interface Shown {
  key: string;
  source: Category;
  via: string;
  heading: string;
}

/**
 * The lists shown, in declaration order: those of a category with screens, not shown by an
 * override. A list is headed by its declared heading (a firmware's 'Is the target of'); two
 * lists of one category without one are told apart by the field that points here.
 */
export function shownLists(category: Category, ownLists: readonly string[] = []): Shown[] {
  const lists = Object.entries(category.lists ?? {}).filter(([key, l]) => !ownLists.includes(key) && mustGetCategory(l.category).console);
  const count = (l: ReverseList) => lists.filter(([, other]) => other.category === l.category).length;
  return lists.map(([key, l]) => {
    const source = mustGetCategory(l.category);
    const heading =
      l.heading ?? (count(l) > 1 ? ownMessages.reverseListOf(source.plural, source.fields[l.via]?.label ?? l.via) : source.plural);
    return { key, source, via: l.via, heading };
  });
}

const ReverseListSection = ({ list, record }: { list: Shown; record: RaRecord }) => {
  const all = (Array.isArray(record[list.key]) ? record[list.key] : []) as (Record<string, unknown> & { id: Identifier })[];
  const items = all.slice(0, SHOWN_MAX);
  // A list the server cut (src/schemas/embeddedList.ts) is counted by its total.
  const total = embeddedTotal(record, list.key);
  const route = list.source.console?.list;
  const listPath = route ? `${route}?filter=${encodeURIComponent(JSON.stringify({ [list.via]: record.id }))}` : undefined;
  return (
    <Box component="section" aria-label={list.heading} sx={{ '&:not(:last-child)': { mb: 2 } }}>
      <Typography variant="subtitle1" component="h2">
        {list.heading}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2">{ownMessages.noObjects}</Typography>
      ) : (
        <List dense disablePadding>
          {items.map((item) => (
            <ListItem key={item.id} disableGutters>
              <ObjectViewLink category={list.source} id={item.id}>
                {optionLabel(list.source, item)}
              </ObjectViewLink>
            </ListItem>
          ))}
          {total > items.length && listPath && (
            <ListItem disableGutters>
              <MuiLink component={Link} to={listPath}>
                {ownMessages.showAllInList(total, list.source.plural)}
              </MuiLink>
            </ListItem>
          )}
        </List>
      )}
    </Box>
  );
};

export interface ReverseListsPanelProps {
  category: Category;
  record: RaRecord | undefined;
  mode: ObjectMode;
  /** Lists an override shows itself. */
  ownLists?: readonly string[];
}

export const ReverseListsPanel = ({ category, record, mode, ownLists }: ReverseListsPanelProps) => {
  const lists = shownLists(category, ownLists);
  if (mode !== 'view' || !record || lists.length === 0) return null;
  return (
    <Card data-testid="reverse-lists">
      <CardContent>
        {lists.map((list) => (
          <ReverseListSection key={list.key} list={list} record={record} />
        ))}
      </CardContent>
    </Card>
  );
};
