/**
 * One table of the categories sharing a list route (/documents: documents and collections of
 * documents), with a Kind column naming each row's category (`console.kindLabel`). react-admin's
 * List keeps the page, sort and filters (in the address) as for one category; its reads of the
 * route's own resource are answered by merging the categories' server-side lists (unionPage.ts),
 * every other read (the team names) goes to the data provider unchanged. Columns and filters are
 * those of all the categories, each once; a row's name links to its own view page.
 */
import { cloneElement, useContext, useMemo, type MouseEvent, type ReactElement } from 'react';
import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataProviderContext,
  Datagrid,
  FunctionField,
  LinkBase,
  List,
  type DataProvider,
  type GetListParams,
  type RaRecord,
} from 'react-admin';
import { mustGetCategory, type Category } from '../../schemas';
import { ownMessages } from '../../messages';
import type { ListPage } from '../../dataProvider/listQuery';
import { objectHref, objectRoutes, type ConsoleRoute } from '../consoleRoutes';
import { displayField } from '../displayField';
import { pageHeading } from '../pageTitle';
import { CsvExportButton } from './CsvExportButton';
import { ListFilterBar } from './ListFilterBar';
import { PhoneCardList, type UnionRows } from './PhoneCardList';
import { EmptyList } from './EmptyList';
import { columnElement, listColumns, type Column } from './listColumns';
import { readUnionPage, unionSort, UNION_KIND, UNION_OBJECT_ID, type CategoryReader } from './unionPage';
import { reportedElsewhere, scrollWide } from './CategoryTable';
import { PAGE_SIZE } from '../../schemas/preferences';
import { retryWhileUnreachable } from '../../dataProvider/queryClient';
import { usePhone } from './usePhone';

const rowCategory = (record: RaRecord) => mustGetCategory(String(record[UNION_KIND]));

/** The row's view page, or undefined for a category without object screens. */
function rowHref(record: RaRecord): string | undefined {
  const routes = objectRoutes(rowCategory(record));
  return routes ? objectHref(routes.view, String(record[UNION_OBJECT_ID])) : undefined;
}

export const kindLabel = (category: Category): string => category.console?.kindLabel ?? category.plural;

/** What a phone's card of a union row shows (PhoneCardList.tsx): the row's own category, link and kind. */
const unionRows: UnionRows = { categoryOf: rowCategory, hrefOf: rowHref, kindOf: (record) => kindLabel(rowCategory(record)) };

/** Each list column of the categories once, with the first category declaring it. */
function unionColumns(categories: readonly Category[]): { category: Category; column: Column }[] {
  const byName = new Map<string, { category: Category; column: Column }>();
  for (const category of categories) for (const column of listColumns(category)) if (!byName.has(column.name)) byName.set(column.name, { category, column });
  return [...byName.values()];
}

/** A link inside a clickable row must not also run the row's click. */
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

/** The data provider of the table: the route's resource is the union, the rest goes through. */
function useUnionDataProvider(resource: string, categories: readonly Category[]): DataProvider {
  const base = useContext(DataProviderContext) as DataProvider;
  return useMemo(() => {
    // A read react-admin no longer needs (the filter changed again) is aborted for each category.
    const reader =
      (signal: AbortSignal | undefined): CategoryReader =>
      async (category, { sort, count, filter }) =>
        (await base.getList(category.key, { pagination: { page: 1, perPage: count }, sort, filter, signal })) as ListPage;
    return {
      ...base,
      getList: (name: string, params: GetListParams) => {
        if (name !== resource) return base.getList(name, params);
        const { page = 1, perPage = PAGE_SIZE } = params.pagination ?? {};
        const query = { offset: (page - 1) * perPage, perPage, sort: params.sort, filter: params.filter ?? {} };
        return readUnionPage(categories, query, reader(params.signal));
      },
    } as DataProvider;
  }, [base, resource, categories]);
}

export const UnionTable = ({ route }: { route: ConsoleRoute }) => {
  const { category: owner, categories } = route;
  const resource = route.path;
  const dataProvider = useUnionDataProvider(resource, categories);
  const routes = objectRoutes(owner);
  const nameField = displayField(owner);
  const shared = (name: string) => categories.every((c) => c.fields[name] !== undefined);
  const phone = usePhone();
  return (
    <DataProviderContext.Provider value={dataProvider}>
      <List
        resource={resource}
        perPage={PAGE_SIZE}
        sort={unionSort(categories, undefined)}
        title={false}
        actions={false}
        empty={false}
        // As every table: kept on screen while the server is out of reach (CategoryTable.tsx).
        queryOptions={{ onError: reportedElsewhere, retry: retryWhileUnreachable }}
        offline={false}
        sx={scrollWide}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <ListFilterBar category={owner} categories={categories} />
          {routes && (
            <Button component={LinkBase} to={routes.new} variant="contained" startIcon={<AddIcon />}>
              {pageHeading('new', owner)}
            </Button>
          )}
          {categories.map((c) => (
            <CsvExportButton key={c.key} category={c} label={ownMessages.exportCsvOf(c.plural)} />
          ))}
        </Stack>
        {phone ? (
          // Below 600 px a card per object instead of a row, as on every table.
          <PhoneCardList category={owner} rows={unionRows} />
        ) : (
          <Datagrid
            bulkActionButtons={false}
            rowClick={(_id, _resource, record) => rowHref(record) ?? false}
            empty={<EmptyList category={owner} />}
          >
            <FunctionField
              source={nameField}
              label={owner.fields[nameField]?.label}
              sortable={shared(nameField)}
              render={(record: RaRecord) => <NameLink record={record} />}
            />
            <FunctionField label={ownMessages.kindColumn} sortable={false} render={(record: RaRecord) => kindLabel(rowCategory(record))} />
            {unionColumns(categories)
              .filter(({ column }) => column.name !== nameField)
              .map(({ category, column }) =>
                shared(column.name)
                  ? columnElement(category, column)
                  : cloneElement(columnElement(category, column) as ReactElement<{ sortable?: boolean }>, { sortable: false }),
              )}
          </Datagrid>
        )}
      </List>
    </DataProviderContext.Provider>
  );
};

const NameLink = ({ record }: { record: RaRecord }) => {
  const name = String(record[displayField(rowCategory(record))] ?? '');
  const href = rowHref(record);
  return href ? (
    <LinkBase to={href} onClick={stopPropagation}>
      {name}
    </LinkBase>
  ) : (
    <Box component="span">{name}</Box>
  );
};
