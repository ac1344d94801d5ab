/** Whether an answer of GET /api/dashboard has the figures' shape (an older server, or a proxy's page, would not). */
import type { DashboardFigures } from './dashboardFigures';

export const isDashboardFigures = (value: unknown): value is DashboardFigures =>
  typeof (value as DashboardFigures | null)?.device_count === 'number' &&
  Array.isArray((value as DashboardFigures).types) &&
  Array.isArray((value as DashboardFigures).config_states);
