/**
 * The fleet by type on the home page: devices per type (a click on a bar opens the devices table
 * filtered by that type), and for one type, chosen in a picker, its devices per firmware version
 * in the field: the version they run next to the version they are to run.
 */
import { useState, type ReactNode } from 'react';
import { Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { device } from '../../schemas/device';
import { ownMessages } from '../../messages';
import type { DashboardFigures, DeclaredField } from './dashboardFigures';
import { barsText, firmwareBars, firmwareText, typeBars } from './chartData';
import { BarsChart } from './BarsChart';

const typeField: DeclaredField<typeof device> = 'type_id';

const devicesOfType = (typeId: number) => `${device.console.list}?filter=${encodeURIComponent(JSON.stringify({ [typeField]: typeId }))}`;

const ChartCard = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => (
  <Card sx={{ height: '100%' }}>
    <CardContent>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </CardContent>
  </Card>
);

export const DevicesPerTypeCard = ({ figures }: { figures: DashboardFigures }) => {
  const navigate = useNavigate();
  const bars = typeBars(figures);
  return (
    <ChartCard title={ownMessages.dashboardDevicesPerType}>
      <BarsChart
        bars={bars}
        series={[{ label: device.plural }]}
        text={barsText(ownMessages.dashboardDevicesPerType, bars)}
        onBar={(bar) => bar.id !== undefined && navigate(devicesOfType(bar.id))}
      />
    </ChartCard>
  );
};

export const FirmwareInFieldCard = ({ figures }: { figures: DashboardFigures }) => {
  const [chosen, setChosen] = useState<number>();
  const type = figures.types.find((t) => t.type_id === chosen) ?? figures.types[0];
  const bars = firmwareBars(type);
  const title = `${ownMessages.dashboardFirmwareInField} (${type.name})`;
  return (
    <ChartCard
      title={ownMessages.dashboardFirmwareInField}
      action={
        <TextField
          select
          size="small"
          label={ownMessages.dashboardFirmwareType}
          value={type.type_id}
          onChange={(event) => setChosen(Number(event.target.value))}
          sx={{ minWidth: 160 }}
        >
          {figures.types.map((t) => (
            <MenuItem key={t.type_id} value={t.type_id}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      <BarsChart
        bars={bars}
        series={[{ label: ownMessages.dashboardCurrentFirmware }, { label: ownMessages.dashboardTargetFirmware }]}
        text={barsText(title, bars, firmwareText)}
      />
    </ChartCard>
  );
};
