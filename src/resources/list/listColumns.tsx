/**
 * The columns of a category's table, from its schema: its list columns (fieldSets.listed), in
 * declaration order, shown as its kind says (KINDS[kind].column: a date in en-GB, an enum by its
 * label, a url as a link, ...) and sortable where the list is (fieldSets.sortable). A reference shows
 * the referenced object's name (read for the whole page in one batched call per category by react-admin's
 * ReferenceField), is not sortable (ids would sort by number, not by the names shown) and links to its
 * view page; the display field links to the object's own view page.
 * A datetime declared `recency` shows how long ago with a status dot (RecencyCell.tsx).
 */
import type { MouseEvent, ReactElement } from 'react';
import { BooleanField, FunctionField, Link, LinkBase, NumberField, ReferenceField, TextField, useRecordContext, type RaRecord } from 'react-admin';
import { Link as MuiLink, Typography } from '@mui/material';
import { KINDS, mustGetCategory, type Category, type FieldSpec } from '../../schemas';
import { objectHref, objectRoutes } from '../consoleRoutes';
import { displayField } from '../displayField';
import { optionFields, optionLabel, type OptionRow } from '../dropdown/picker';
import { valueText } from './valueText';
import { RecencyCell } from './RecencyCell';
import { useReferenceNames } from './referenceNamesContext';

export interface Column {
  name: string;
  field: FieldSpec;
}

export const listColumns = (category: Category): Column[] => category.fieldSets.listed.map((name) => ({ name, field: category.fields[name] }));

/** A column showing the name of the object its field refers to. */
export const isReferenceColumn = ({ field }: Column) => KINDS[field.kind].column === 'ref' && field.ref !== undefined;

/** A click on a link inside a clickable row must not also run the row's click. */
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

export function columnElement(category: Category, { name, field }: Column): ReactElement {
  // The key goes straight to each element: React warns about a key spread in with other props.
  const common = { source: name, label: field.label, sortable: field.kind !== 'ref' && category.fieldSets.sortable.includes(name) };
  if (name === displayField(category)) {
    const routes = objectRoutes(category);
    if (!routes) return <TextField key={name} {...common} />;
    return (
      <FunctionField
        key={name}
        {...common}
        render={(record: RaRecord) => (
          <LinkBase to={objectHref(routes.view, record.id)} onClick={stopPropagation}>
            {String(record[name] ?? '')}
          </LinkBase>
        )}
      />
    );
  }
  if (field.input === 'switch') return <BooleanField key={name} {...common} looseValue />;
  const text = (record: RaRecord) => valueText(field, record[name]);
  if (field.recency) return <FunctionField key={name} {...common} render={(record: RaRecord) => <RecencyCell value={record[name]} />} />;
  switch (KINDS[field.kind].column) {
    case 'ref':
      return field.ref ? <ReferenceColumn key={name} {...common} reference={field.ref} /> : <TextField key={name} {...common} />;
    case 'boolean':
      return <BooleanField key={name} {...common} looseValue />;
    case 'number':
      return <NumberField key={name} {...common} />;
    case 'link':
      return (
        <FunctionField
          key={name}
          {...common}
          render={(record: RaRecord) =>
            record[name] ? (
              <MuiLink href={String(record[name])} target="_blank" rel="noopener noreferrer" onClick={stopPropagation}>
                {String(record[name])}
              </MuiLink>
            ) : null
          }
        />
      );
    default:
      return <FunctionField key={name} {...common} render={text} />;
  }
}

interface ReferenceColumnProps {
  source: string;
  label: string;
  reference: string;
  /** Read by the Datagrid header: ids would sort by number, not by the names shown. */
  sortable?: boolean;
}

/** In a table that read its page's names (ReferenceNames.tsx), the name from there; elsewhere the cell reads its own. */
const ReferenceColumn = (props: ReferenceColumnProps) => (useReferenceNames() ? <ReferenceName {...props} /> : <ReferenceCell {...props} />);

const ReferenceName = ({ source, reference }: ReferenceColumnProps) => {
  const record = useRecordContext();
  const names = useReferenceNames()?.names;
  const id = record?.[source];
  const referenced = id === null || id === undefined ? undefined : names?.get(reference)?.get(String(id));
  if (!referenced) return null;
  const target = mustGetCategory(reference);
  const routes = objectRoutes(target);
  // As ReferenceField draws it: the name as a FunctionField's text, inside the link.
  const label = (
    <Typography component="span" variant="body2">
      {optionLabel(target, referenced)}
    </Typography>
  );
  return routes ? (
    <Link to={objectHref(routes.view, referenced.id)} onClick={stopPropagation}>
      {label}
    </Link>
  ) : (
    label
  );
};

const ReferenceCell = ({ source, reference }: ReferenceColumnProps) => {
  const target = mustGetCategory(reference);
  const routes = objectRoutes(target);
  return (
    <ReferenceField
      source={source}
      reference={reference}
      // react-admin passes the referenced object here, not the row.
      link={routes ? (referenced: RaRecord) => objectHref(routes.view, referenced.id) : false}
      queryOptions={{ meta: { fields: optionFields(target) } }}
    >
      <FunctionField render={(record: OptionRow) => optionLabel(target, record)} />
    </ReferenceField>
  );
};
