/**
 * The table of one category (spec section 2: /devices, /firmwares, /teams), or its list
 * (/types, /groups: `listKind: 'list'`, ObjectNameList.tsx):
 * react-admin's List over the data provider, so sorting (a click on a column header), the
 * filters and paging are done by the server through the list dialect, 25 objects a page; only
 * the page shown is ever read, whatever the size of the fleet. Columns, filters, links and the
 * add route all come from the category's schema.
 */
import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  BulkActionsToolbar,
  BulkActionsToolbarClasses,
  Datagrid,
  DatagridClasses,
  DatagridConfigurable,
  FunctionField,
  LinkBase,
  List,
  ListClasses,
  SelectColumnsButton,
  type Identifier,
} from 'react-admin';
import type { Category } from '../../schemas';
import { listFields } from '../../dataProvider/listQuery';
import { retryWhileUnreachable } from '../../dataProvider/queryClient';
import { objectHref, objectRoutes } from '../consoleRoutes';
import { overrideFor, type OptionalColumn } from '../overrides';
import { displayField } from '../displayField';
import { pageHeading } from '../pageTitle';
import { CsvExportButton } from './CsvExportButton';
import { EmptyList } from './EmptyList';
import { ListFilterBar } from './ListFilterBar';
import { columnElement, listColumns } from './listColumns';
import { ObjectNameList } from './ObjectNameList';
import { PhoneCardList } from './PhoneCardList';
import { ReferenceNames } from './ReferenceNames';
import { SelectAllMatchingButton } from './SelectAllMatchingButton';
import { usePhone } from './usePhone';

import { PAGE_SIZE } from '../../schemas/preferences';

/** On a narrow screen a wide table scrolls sideways inside its card; the page keeps the screen's width. */
export const scrollWide = {
  [`& .${ListClasses.main}`]: { minWidth: 0 },
  [`& .${DatagridClasses.tableWrapper}`]: { overflowX: 'auto' },
} as const;

/**
 * The bar of the selected rows' actions takes its own line above the table, as high as its buttons
 * need, wrapping them (react-admin lays it over the filters at one line's height: at 1280 px the
 * devices' fifth action was cut off).
 */
/**
 * A quarter of MUI's side padding between columns: twelve columns gain 288 px, so every optional
 * column fits at 1280 px. A long word in a cell (a serial number, a name without spaces) breaks
 * where it must instead of widening its column past the screen; a short one is never broken.
 */
const denseCells = {
  [`& .${DatagridClasses.headerCell}, & .${DatagridClasses.rowCell}`]: { px: 0.5 },
  // Never narrower than a short word (a type's name, 'never'): the table takes its room from the long ones.
  [`& .${DatagridClasses.rowCell}`]: { overflowWrap: 'anywhere', minWidth: '8ch' },
} as const;

// `&&`: above react-admin's own rules for the bar.
const bulkBarWraps = {
  [`&& .${BulkActionsToolbarClasses.toolbar}`]: { position: 'static', transform: 'none', height: 'auto', flexWrap: 'wrap', columnGap: 2 },
  [`&& .${BulkActionsToolbarClasses.toolbar}.${BulkActionsToolbarClasses.collapsed}`]: { height: 0 },
  [`&& .${BulkActionsToolbarClasses.topToolbar}`]: { flexWrap: 'wrap', justifyContent: 'flex-start', minWidth: 0 },
} as const;

/** The error catalogue has already shown a failed read (data provider); react-admin's toast would repeat it. */
export const reportedElsewhere = () => {};


/**
 * The fields a page reads: the schema's list columns, plus what the override's optional columns
 * need (undefined: the data provider's default, the list columns).
 */
const readFields = (category: Category, optional: readonly OptionalColumn[]) =>
  optional.length === 0 ? undefined : [...new Set([...listFields(category), ...optional.flatMap((c) => c.reads)])];

export const CategoryTable = ({ category }: { category: Category }) => {
  const routes = objectRoutes(category);
  const optional = overrideFor(category.key).optionalColumns ?? [];
  const BulkActions = overrideFor(category.key).bulkActions;
  // The optional columns start hidden; react-admin's column chooser shows them (and hides any other).
  const Grid = optional.length > 0 ? DatagridConfigurable : Datagrid;
  const gridProps = optional.length > 0 ? { omit: optional.map((c) => c.key) } : {};
  const phone = usePhone();
  return (
    <Box>
      <List
        resource={category.key}
        perPage={PAGE_SIZE}
        sort={{ field: displayField(category), order: 'ASC' }}
        // The page title, the add button and the filters are ours (spec texts and routes).
        title={false}
        actions={false}
        empty={false}
        // A read that did not reach the server waits for it with the rows it had (not an empty
        // table, not react-admin's offline notice): the page's banner says why (src/custom/offline/).
        // meta.table: the route's next load reads this table's page before the console is there (dataProvider.ts).
        queryOptions={{ onError: reportedElsewhere, retry: retryWhileUnreachable, meta: { fields: readFields(category, optional), table: true } }}
        offline={false}
        // The layout shows a route only to a signed-in user (ConsoleLayout.tsx), which is all that
        // react-admin's check would ask (authProvider.checkAuth): without it the table reads its page
        // as it first renders, not after a round of rendering a spinner while the check settles.
        disableAuthentication
        sx={{ ...scrollWide, ...bulkBarWraps }}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <ListFilterBar category={category} />
          {routes && (
            <Button component={LinkBase} to={routes.new} variant="contained" startIcon={<AddIcon />}>
              {pageHeading('new', category)}
            </Button>
          )}
          <CsvExportButton category={category} />
          {/* A phone's cards show fixed facts: no column chooser there. */}
          {optional.length > 0 && category.console?.listKind !== 'list' && !phone && <SelectColumnsButton />}
        </Stack>
        {category.console?.listKind === 'list' ? (
          <ObjectNameList category={category} />
        ) : phone ? (
          // Below 600 px a card per object instead of a row (PhoneCardList.tsx).
          <PhoneCardList category={category} />
        ) : (
          // The reference cells' names read for the page at once, after the rows show (ReferenceNames.tsx).
          <ReferenceNames category={category}>
            <Grid
              {...gridProps}
              // Dense rows and cells: with every optional column the devices table fits 1280 px (issue 27 item 8).
              size="small"
              sx={denseCells}
              // A checkbox column where the category declares bulk actions; 'Select all N matching' across pages.
              bulkActionButtons={BulkActions ? <BulkActions category={category} /> : false}
              bulkActionsToolbar={
                BulkActions ? (
                  <BulkActionsToolbar selectAllButton={<SelectAllMatchingButton category={category} />}>
                    <BulkActions category={category} />
                  </BulkActionsToolbar>
                ) : undefined
              }
              rowClick={routes ? (id: Identifier) => objectHref(routes.view, id) : false}
              empty={<EmptyList category={category} />}
            >
              {listColumns(category).map((column) => columnElement(category, column))}
              {optional.map((column) => (
                <FunctionField key={column.key} source={column.key} label={column.label} sortable={false} render={column.render} />
              ))}
            </Grid>
          </ReferenceNames>
        )}
      </List>
    </Box>
  );
};
