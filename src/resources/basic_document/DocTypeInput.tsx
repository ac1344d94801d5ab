/**
 * The document type picker (spec section 2 'Document form'): the types the schema offers (Text,
 * Link, File, Image), with a reload button that asks the server again which document types it
 * accepts. The server states them in its API description (GET /api/openapi.json, the create body
 * of basic_document), the one place it lists them; the picker then offers the spec's types the
 * server accepts, and always the document's own type (a label template keeps showing).
 */
import { Box, CircularProgress, IconButton, Stack, Tooltip } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useState } from 'react';
import { ownMessages } from '../../messages';
import { cacheBuster } from '../../dataProvider/download';
import { reportError } from '../../dataProvider/errors';
import { http } from '../../dataProvider/http';
import { EnumFieldInput } from '../inputs/EnumFieldInput';
import type { FieldInputProps } from '../overrides';

interface PropertySchema {
  enum?: unknown[];
  anyOf?: PropertySchema[];
}

interface ApiDescription {
  components?: { schemas?: Record<string, { properties?: Record<string, PropertySchema> } | undefined> };
}

const enumOf = (schema: PropertySchema | undefined): string[] | undefined => {
  if (!schema) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum.map(String);
  return schema.anyOf?.map(enumOf).find((values) => values !== undefined);
};

/** The values of a field the server accepts when creating an object of the category. */
export async function readAcceptedValues(categoryKey: string, field: string): Promise<string[] | undefined> {
  const { json } = await http<ApiDescription>('/openapi.json', { query: { r: cacheBuster() } });
  return enumOf(json?.components?.schemas?.[`${categoryKey}_create`]?.properties?.[field]);
}

export const DocTypeInput = (props: FieldInputProps) => {
  const { category, name, field, readOnly } = props;
  const [accepted, setAccepted] = useState<string[]>();
  const [reading, setReading] = useState(false);
  const offered = (field.offered ?? field.values ?? []).filter((v) => !accepted || accepted.includes(v));

  const reload = async () => {
    setReading(true);
    try {
      const values = await readAcceptedValues(category.key, name);
      if (values) setAccepted(values);
    } catch (failure) {
      reportError(failure);
    } finally {
      setReading(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <EnumFieldInput {...props} field={{ ...field, offered }} />
      </Box>
      {!readOnly && (
        <Tooltip title={ownMessages.reloadDocTypes}>
          <span>
            <IconButton aria-label={ownMessages.reloadDocTypes} onClick={() => void reload()} disabled={reading}>
              {reading ? <CircularProgress size={20} /> : <RefreshIcon />}
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Stack>
  );
};
