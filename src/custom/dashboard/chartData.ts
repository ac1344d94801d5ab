/**
 * What the home page's charts draw, from the figures of GET /api/dashboard: pure functions, so the
 * labels, the cut to the biggest groups and the words a screen reader hears are tested without a
 * chart. A chart keeps its biggest groups and sums the rest into one 'n more' bar, so that a fleet
 * of many types or versions still reads at a glance.
 */
import { messages, ownMessages } from '../../messages';
import type { DashboardFigures, FirmwareCount, TypeFigures } from './dashboardFigures';

/** The most bars one chart shows; the rest are summed into one. */
export const MAX_BARS = 10;

export interface Bar {
  /** The object the bar stands for (a type, a firmware); undefined for 'none' and the summed rest. */
  id?: number;
  label: string;
  values: number[];
}

/** The first `max` bars, then one bar summing the rest (their values added up per series). */
export function keepBiggest(bars: Bar[], max = MAX_BARS): Bar[] {
  if (bars.length <= max) return bars;
  const rest = bars.slice(max - 1);
  const summed = rest[0].values.map((_, i) => rest.reduce((sum, bar) => sum + bar.values[i], 0));
  return [...bars.slice(0, max - 1), { label: ownMessages.dashboardMore(rest.length), values: summed }];
}

export const typeBars = (figures: DashboardFigures): Bar[] =>
  keepBiggest(figures.types.map((t) => ({ id: t.type_id, label: t.name, values: [t.count] })));

const firmwareLabel = (f: FirmwareCount) => (f.name === null ? ownMessages.dashboardNoFirmware : messages.firmwareOption(f.name, f.version ?? ''));

/** Per firmware of the type (or none): how many devices run it and how many are to run it, most first. */
export function firmwareBars(type: TypeFigures): Bar[] {
  const byFirmware = new Map<number | null, { label: string; current: number; target: number }>();
  const entry = (f: FirmwareCount) => {
    const found = byFirmware.get(f.firmware_id) ?? { label: firmwareLabel(f), current: 0, target: 0 };
    byFirmware.set(f.firmware_id, found);
    return found;
  };
  for (const f of type.current_firmware) entry(f).current += f.count;
  for (const f of type.target_firmware) entry(f).target += f.count;
  const bars = [...byFirmware].map(([id, f]) => ({ id: id ?? undefined, label: f.label, values: [f.current, f.target] }));
  bars.sort((a, b) => Number(a.id === undefined) - Number(b.id === undefined) || b.values[0] + b.values[1] - (a.values[0] + a.values[1]));
  return keepBiggest(bars);
}

/** The words standing for a bar chart: its title, then each bar with its values. */
export const barsText = (title: string, bars: Bar[], valueText: (bar: Bar) => string = (bar) => ownMessages.dashboardCount(bar.label, bar.values[0])) =>
  ownMessages.dashboardChart(title, bars.map(valueText));

export const firmwareText = (bar: Bar) => ownMessages.dashboardFirmwareCounts(bar.label, bar.values[0], bar.values[1]);
