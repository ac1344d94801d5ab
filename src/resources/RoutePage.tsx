import type { ConsoleRoute } from './consoleRoutes';
import { ListPage } from './ListPage';
import { ObjectPage } from './ObjectPage';
import { overrideFor } from './overrides';

/** The page of a derived route: the category's override when it has one, the generic page otherwise. */
export const RoutePage = ({ route }: { route: ConsoleRoute }) => {
  const override = overrideFor(route.category.key);
  const Page = route.mode === 'table' ? (override.ListPage ?? ListPage) : (override.ObjectPage ?? ObjectPage);
  return <Page route={route} />;
};
