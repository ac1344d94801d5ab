/**
 * What a table or list shows when it has no rows. A filtered or searched list that finds nothing
 * says so ('No objects match.'); an unfiltered one is a category with nothing in it yet, and says
 * what to do: add the first one, or first add what it needs (`console.needsFirst`, declared in the
 * category's schema: a device needs a type), with the button that does it (issue 27 item 10).
 * A list whose read failed is neither: it says it could not be read (the error message says why).
 * A user who administers no team gets no button that leads to a form they cannot save (spec
 * section 6): the guide says whom to ask instead.
 */
import { Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { LinkBase, useGetList, useListContext } from 'react-admin';
import { mustGetCategory, type Category } from '../../schemas';
import { ownMessages } from '../../messages';
import { objectRoutes } from '../consoleRoutes';
import { pageHeading } from '../pageTitle';
import { isUnset } from '../dropdown/picker';
import { useAdminTeams } from './useAdminTeams';

/** Whether none of the category's objects the caller sees exists (one row read); undefined until known. */
function useNoneYet(category: Category | undefined): boolean | undefined {
  const { total, isPending } = useGetList(category?.key ?? '', { pagination: { page: 1, perPage: 1 } }, { enabled: category !== undefined });
  if (category === undefined) return false;
  return isPending ? undefined : total === 0;
}

const AddButton = ({ category }: { category: Category }) => {
  const routes = objectRoutes(category);
  const adminTeams = useAdminTeams();
  if (category.permissions.create === 'teamAdmin' && adminTeams.any === false) return <Typography>{ownMessages.emptyListAskAdmin}</Typography>;
  if (!routes) return null;
  return (
    <Button component={LinkBase} to={routes.new} variant="contained" startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }}>
      {pageHeading('new', category)}
    </Button>
  );
};

export const EmptyList = ({ category }: { category: Category }) => {
  const { filterValues, error } = useListContext();
  const needed = category.console?.needsFirst === undefined ? undefined : mustGetCategory(category.console.needsFirst);
  const neededMissing = useNoneYet(needed);
  if (error) return <Typography sx={{ p: 2 }}>{ownMessages.listReadFailed}</Typography>;
  if (Object.values(filterValues ?? {}).some((value) => !isUnset(value))) return <Typography sx={{ p: 2 }}>{ownMessages.noResults}</Typography>;
  return (
    <Stack spacing={1} sx={{ p: 2 }} data-testid="empty-list">
      <Typography>{ownMessages.emptyList(category.plural)}</Typography>
      {neededMissing === undefined ? null : needed && neededMissing ? (
        <>
          <Typography>{ownMessages.emptyListNeedsFirst(category.singular, needed.singular)}</Typography>
          <AddButton category={needed} />
        </>
      ) : (
        <>
          <Typography>{ownMessages.emptyListAddFirst(category.singular)}</Typography>
          <AddButton category={category} />
        </>
      )}
    </Stack>
  );
};
