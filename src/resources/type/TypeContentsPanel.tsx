/**
 * Under the type's form in view mode (spec 'Type form'): the type's firmwares, groups and devices,
 * each name linking to its view page. The lists come with the type's full form.
 */
import { Box, Card, CardContent, Link as MuiLink, List, ListItem, Typography } from '@mui/material';
import type { Identifier, RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { mustGetCategory } from '../../schemas';
import { messages, ownMessages } from '../../messages';
import { ObjectViewLink } from '../ObjectViewLink';
import type { ObjectPanelProps } from '../overrides';
import { CONTENT_ORDER } from './typeCascade';

/** Listed in the spec's words: firmwares, groups, devices. */
const SHOWN_ORDER = [...CONTENT_ORDER].reverse();

interface Item {
  id: Identifier;
  name?: unknown;
  version?: unknown;
}

const label = (item: Item) =>
  typeof item.version === 'string' && item.version !== ''
    ? messages.firmwareOption(String(item.name ?? ''), item.version)
    : String(item.name ?? '');

/** A type may hold thousands of devices: the panel names the first few and links to the filtered list. */
const SHOWN_MAX = 20;

const ContentList = ({ categoryKey, via, record }: { categoryKey: string; via: string; record: RaRecord }) => {
  const category = mustGetCategory(categoryKey);
  const all = (Array.isArray(record[categoryKey]) ? record[categoryKey] : []) as Item[];
  const items = all.slice(0, SHOWN_MAX);
  const listPath = category.console ? `${category.console.list}?filter=${encodeURIComponent(JSON.stringify({ [via]: record.id }))}` : undefined;
  return (
    <Box component="section" aria-label={category.plural} sx={{ '&:not(:last-child)': { mb: 2 } }}>
      <Typography variant="subtitle1" component="h2">
        {category.plural}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2">{ownMessages.noObjects}</Typography>
      ) : (
        <List dense disablePadding>
          {items.map((item) => (
            <ListItem key={item.id} disableGutters>
              <ObjectViewLink category={category} id={item.id}>
                {label(item)}
              </ObjectViewLink>
            </ListItem>
          ))}
          {all.length > SHOWN_MAX && listPath && (
            <ListItem disableGutters>
              <MuiLink component={Link} to={listPath}>
                {ownMessages.showAllInList(all.length, category.plural)}
              </MuiLink>
            </ListItem>
          )}
        </List>
      )}
    </Box>
  );
};

export const TypeContentsPanel = ({ category, record, mode }: ObjectPanelProps) => {
  if (mode !== 'view' || !record) return null;
  return (
    <Card data-testid="type-contents">
      <CardContent>
        {SHOWN_ORDER.map((key) => (
          <ContentList key={key} categoryKey={key} via={category.lists?.[key]?.via ?? ''} record={record} />
        ))}
      </CardContent>
    </Card>
  );
};
