/**
 * An editable list of custom fields (name, type, value): a firmware's free list, or, with
 * `definitions`, a type's definitions of its devices' fields. Definitions differ in two ways
 * (spec section 5): deleting a stored one asks first, since saving removes it from every device
 * of the type, and changing a stored one's type or value warns that existing devices keep theirs.
 * Rows without a name are never saved. Read-only (view mode) it is a plain table.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  FormHelperText,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Fragment } from 'react';
import { ValidationError } from 'react-admin';
import { ownMessages } from '../../messages';
import type { FieldInputProps } from '../overrides';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { CustomFieldValueInput } from './CustomFieldValueInput';
import {
  CUSTOM_FIELD_TYPES,
  existingChanged,
  isCustomFieldType,
  newRow,
  renamed,
  withType,
  type CustomFieldRow,
} from './customFields';
import { useCustomFieldRows } from './useCustomFieldRows';

export interface CustomFieldListInputProps extends FieldInputProps {
  /** The list defines the fields of other objects (a type's devices). */
  definitions?: boolean;
}

const columns = ownMessages.customFieldColumns;

export const CustomFieldListInput = ({ name, field, readOnly, definitions = false }: CustomFieldListInputProps) => {
  const { rows, setRows, error } = useCustomFieldRows(name);
  const confirm = useConfirm();

  const change = (key: number, update: (row: CustomFieldRow) => CustomFieldRow) =>
    setRows(rows.map((row) => (row.key === key ? update(row) : row)));

  const remove = async (row: CustomFieldRow) => {
    // Only a stored definition lives on devices; a row added in this form goes without asking.
    if (definitions && row.original && !(await confirm({ text: ownMessages.confirmDeleteCustomField(row.original.name), danger: true }))) return;
    setRows(rows.filter((r) => r.key !== row.key));
  };

  return (
    <Box sx={{ my: 1 }} data-testid={`custom-fields-${name}`}>
      <Typography variant="subtitle1">{field.label}</Typography>
      {readOnly && rows.length === 0 ? (
        <Typography variant="body2">{ownMessages.noCustomFields}</Typography>
      ) : (
        <Table size="small" aria-label={field.label}>
          {rows.length > 0 && (
            <TableHead>
              <TableRow>
                <TableCell>{columns.name}</TableCell>
                <TableCell>{columns.type}</TableCell>
                <TableCell>{columns.value}</TableCell>
                {!readOnly && <TableCell />}
              </TableRow>
            </TableHead>
          )}
          <TableBody>
            {rows.map((row) => (
              <Fragment key={row.key}>
                <TableRow>
                  <TableCell>
                    {readOnly ? (
                      row.name
                    ) : (
                      <TextField
                        size="small"
                        value={row.name}
                        onChange={(e) => change(row.key, (r) => ({ ...r, name: e.target.value }))}
                        slotProps={{ htmlInput: { 'aria-label': columns.name } }}
                      />
                    )}
                  </TableCell>
                  <TableCell>
                    {readOnly ? (
                      ownMessages.customFieldTypeNames[row.type]
                    ) : (
                      <TextField
                        select
                        size="small"
                        value={row.type}
                        onChange={(e) => {
                          const type = Number(e.target.value);
                          if (isCustomFieldType(type)) change(row.key, (r) => withType(r, type));
                        }}
                        slotProps={{ select: { native: true }, htmlInput: { 'aria-label': columns.type } }}
                      >
                        {CUSTOM_FIELD_TYPES.map((t) => (
                          <option key={t} value={t}>
                            {ownMessages.customFieldTypeNames[t]}
                          </option>
                        ))}
                      </TextField>
                    )}
                  </TableCell>
                  <TableCell>
                    <CustomFieldValueInput
                      type={row.type}
                      value={row.value}
                      draft={row.draft}
                      label={columns.value}
                      readOnly={readOnly}
                      onChange={(value, draft) => change(row.key, (r) => ({ ...r, value, draft }))}
                    />
                  </TableCell>
                  {!readOnly && (
                    <TableCell padding="checkbox">
                      <IconButton aria-label={ownMessages.deleteCustomField(row.name)} onClick={() => void remove(row)}>
                        <DeleteIcon />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
                {definitions && !readOnly && <RowWarnings row={row} />}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      )}
      {error && (
        <FormHelperText error>
          <ValidationError error={error} />
        </FormHelperText>
      )}
      {!readOnly && (
        <Button size="small" startIcon={<AddIcon />} onClick={() => setRows([...rows, newRow()])}>
          {ownMessages.addCustomField}
        </Button>
      )}
    </Box>
  );
};

const RowWarnings = ({ row }: { row: CustomFieldRow }) => {
  const warnings = [
    ...(renamed(row) && row.original ? [ownMessages.customFieldRenamed(row.original.name)] : []),
    ...(existingChanged(row) ? [ownMessages.customFieldExistingChanged] : []),
  ];
  if (warnings.length === 0) return null;
  return (
    <TableRow>
      <TableCell colSpan={4} sx={{ borderBottom: 'none', pt: 0 }}>
        {warnings.map((text) => (
          <Alert key={text} severity="warning" sx={{ py: 0 }}>
            {text}
          </Alert>
        ))}
      </TableCell>
    </TableRow>
  );
};
