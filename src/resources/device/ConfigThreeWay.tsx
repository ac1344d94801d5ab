/**
 * Beyond the spec: a conflict's three versions side by side, one row per top-level key (last
 * synchronized, product, device; the rows where product and device differ marked), where the
 * user takes each differing key from either side. The result becomes the editor's text: a
 * product change, waiting to be sent once submitted. Each key starts on the side that changed it
 * since the last sync when only the device did, else on the product's.
 */
import { Button, FormControlLabel, Radio, RadioGroup, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { ownMessages } from '../../messages';
import { cellText, defaultSide, keyRows, mergeKeys, parseConfig, type Side } from './configCompare';

export interface ConfigThreeWayProps {
  /** The text last synchronized, when known. */
  base?: string;
  product: string;
  device: string;
  readOnly: boolean;
  onUse: (text: string) => void;
}

const columns = ownMessages.compareColumns;

const Cell = ({ value }: { value: unknown }) => (
  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{cellText(value) ?? <em>{ownMessages.keyAbsent}</em>}</TableCell>
);

export const ConfigThreeWay = ({ base, product, device, readOnly, onUse }: ConfigThreeWayProps) => {
  const baseValue = base === undefined ? undefined : parseConfig(base)?.value;
  const rows = keyRows(baseValue, parseConfig(product)?.value, parseConfig(device)?.value);
  const [choices, setChoices] = useState<Record<string, Side>>({});
  if (!rows) return <Typography variant="body2">{ownMessages.notComparableByKey}</Typography>;
  const chosen: Record<string, Side> = Object.fromEntries(rows.map((r) => [r.key, choices[r.key] ?? defaultSide(r, baseValue !== undefined)]));

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{ownMessages.compareByKey}</Typography>
      <Table size="small" aria-label={ownMessages.compareByKey}>
        <TableHead>
          <TableRow>
            <TableCell>{columns.key}</TableCell>
            <TableCell>{columns.base}</TableCell>
            <TableCell>{columns.product}</TableCell>
            <TableCell>{columns.device}</TableCell>
            {!readOnly && <TableCell>{columns.take}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} selected={row.differs}>
              <TableCell sx={{ fontWeight: row.differs ? 'bold' : undefined }}>{row.key}</TableCell>
              <Cell value={row.base} />
              <Cell value={row.product} />
              <Cell value={row.device} />
              {!readOnly && (
                <TableCell>
                  {row.differs && (
                    <RadioGroup
                      row
                      aria-label={ownMessages.takeKeyFrom(row.key)}
                      value={chosen[row.key]}
                      onChange={(e) => setChoices({ ...choices, [row.key]: e.target.value as Side })}
                    >
                      <FormControlLabel value="product" control={<Radio size="small" />} label={columns.product} />
                      <FormControlLabel value="device" control={<Radio size="small" />} label={columns.device} />
                    </RadioGroup>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!readOnly && (
        <Stack direction="row">
          <Button variant="outlined" onClick={() => onUse(JSON.stringify(mergeKeys(rows, chosen), null, 2))}>
            {ownMessages.useChosenValues}
          </Button>
        </Stack>
      )}
    </Stack>
  );
};
