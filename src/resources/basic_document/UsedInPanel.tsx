/**
 * 'Used in' on a document's view (spec section 2 'Document form'): the types, firmwares, groups and
 * devices whose documentation holds it, each linking to its view page, from the `used_in` of the
 * document's full form (GET /api/full/basic_document/{id}). A document in use cannot be deleted,
 * so this is where its user learns where to remove it first.
 */
import { Box, Card, CardContent, List, ListItem, Typography } from '@mui/material';
import type { Identifier } from 'react-admin';
import { ownMessages } from '../../messages';
import { getCategory } from '../../schemas';
import { optionLabel } from '../dropdown/picker';
import { ObjectViewLink } from '../ObjectViewLink';
import type { ObjectPanelProps } from '../overrides';
import { embeddedTotal } from '../../schemas/embeddedList';

/** The lists of `used_in`, by category key, in the spec's order: types, firmwares, groups, devices. */
export const USED_IN_LISTS = ['type', 'firmware', 'devices_group', 'device'] as const;

type UsedBy = Record<string, unknown> & { id: Identifier };

const listOf = (usedIn: unknown, key: string): UsedBy[] => {
  const list = (usedIn as Record<string, unknown> | null | undefined)?.[key];
  return Array.isArray(list) ? (list as UsedBy[]) : [];
};

export const UsedInPanel = ({ record, mode }: ObjectPanelProps) => {
  if (mode !== 'view' || !record) return null;
  const usedIn = (record.used_in ?? {}) as Record<string, unknown>;
  // A list the server cut (src/schemas/embeddedList.ts) says how many it did not send.
  const lists = USED_IN_LISTS.map((key) => ({ category: getCategory(key)!, items: listOf(usedIn, key), total: embeddedTotal(usedIn, key) }));
  const used = lists.some((l) => l.items.length > 0);
  return (
    <Card component="section" aria-label={ownMessages.usedIn}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {ownMessages.usedIn}
        </Typography>
        {!used && <Typography variant="body2">{ownMessages.notUsed}</Typography>}
        {lists
          .filter((l) => l.items.length > 0)
          .map(({ category, items, total }) => (
            <Box key={category.key} component="section" aria-label={category.plural} sx={{ '&:not(:last-child)': { mb: 2 } }}>
              <Typography variant="subtitle1" component="h3">
                {category.plural}
              </Typography>
              <List dense disablePadding>
                {items.map((item) => (
                  <ListItem key={String(item.id)} disableGutters>
                    <ObjectViewLink category={category} id={item.id}>
                      {optionLabel(category, item)}
                    </ObjectViewLink>
                  </ListItem>
                ))}
                {total > items.length && <ListItem disableGutters>{ownMessages.moreNotShown(total - items.length)}</ListItem>}
              </List>
            </Box>
          ))}
      </CardContent>
    </Card>
  );
};
