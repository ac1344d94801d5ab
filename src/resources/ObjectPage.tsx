/**
 * The generic page of the add, view and edit routes: the object screen of the route's category;
 * an add route several categories share first asks which of them (KindChoicePage).
 */
import { KindChoicePage } from './KindChoicePage';
import type { PageProps } from './overrides';
import { ObjectScreen } from './object/ObjectScreen';
import { useQueryParam } from './useQueryParam';

export const ObjectPage = ({ route }: PageProps) => {
  const id = useQueryParam('id');
  if (route.mode === 'table') throw new Error(`${route.path} is a list route`);
  if (route.mode === 'new' && route.categories.length > 1) return <KindChoicePage route={route} />;
  // A new mode or id is a new screen: nothing of the previous object's form may linger.
  return <ObjectScreen key={`${route.mode}:${id ?? ''}`} category={route.category} mode={route.mode} id={id} />;
};
