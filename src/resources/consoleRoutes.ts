/**
 * The console's routes (spec section 2), derived from the registry's `console` declarations: a
 * category with screens gets its table or list route and, unless it is list-only, its add, view
 * and edit routes. Categories sharing a route (basic documents and collections share /documents
 * and /document_new) get it once, owned by the one that has the menu entry.
 */
import type { Category } from '../schemas';

/** The object-screen modes of spec section 2 ('home' is the dashboard). */
export type ObjectMode = 'new' | 'view' | 'edit';
export type PageMode = 'home' | 'table' | ObjectMode;

export interface ConsoleRoute {
  path: string;
  mode: 'table' | ObjectMode;
  /** The category the page is about (its title and heading). */
  category: Category;
  /** Every category served by this route, owner first (more than one for shared routes). */
  categories: Category[];
}

export interface MenuEntry {
  path: string;
  label: string;
  category: Category;
  /** Shown to server administrators only. */
  serverAdminOnly: boolean;
}

type WithConsole = Category & { console: NonNullable<Category['console']> };

const hasScreens = (c: Category): c is WithConsole => c.console !== undefined;

export const newRoute = (c: WithConsole) => c.console.newRoute ?? `/${c.console.base}_new`;
export const viewRoute = (c: WithConsole) => `/${c.console.base}_view`;
export const editRoute = (c: WithConsole) => `/${c.console.base}_edit`;

/** '/device_view?id=3': the object routes carry the id as a query parameter (spec section 2). */
export const objectHref = (path: string, id: string | number) => `${path}?id=${encodeURIComponent(String(id))}`;

/** The category's add, view and edit paths, or undefined for a list-only category. */
export function objectRoutes(c: Category): Record<ObjectMode, string> | undefined {
  if (!hasScreens(c) || c.console.listOnly) return undefined;
  return { new: newRoute(c), view: viewRoute(c), edit: editRoute(c) };
}

export function deriveConsoleRoutes(categories: readonly Category[]): ConsoleRoute[] {
  const byPath = new Map<string, { mode: ConsoleRoute['mode']; categories: Category[] }>();
  const add = (path: string, mode: ConsoleRoute['mode'], c: Category) => {
    const entry = byPath.get(path);
    if (!entry) byPath.set(path, { mode, categories: [c] });
    else if (entry.mode !== mode) throw new Error(`Route ${path} is declared as ${entry.mode} and ${mode}`);
    else if (c.console?.menu && !entry.categories[0].console?.menu) entry.categories.unshift(c);
    else entry.categories.push(c);
  };

  for (const c of categories.filter(hasScreens)) {
    add(c.console.list, 'table', c);
    const objects = objectRoutes(c);
    if (objects) for (const mode of ['new', 'view', 'edit'] as const) add(objects[mode], mode, c);
  }
  return [...byPath].map(([path, { mode, categories: cats }]) => ({ path, mode, category: cats[0], categories: cats }));
}

/** Side-menu entries in the registry's menu order (spec: Devices, Firmwares, Types, Groups, Teams, Documents). */
export function menuEntries(categories: readonly Category[]): MenuEntry[] {
  return categories
    .filter(hasScreens)
    .filter((c) => c.console.menu)
    .sort((a, b) => a.console.menu!.order - b.console.menu!.order)
    .map((c) => ({ path: c.console.list, label: c.plural, category: c, serverAdminOnly: c.console.menu!.serverAdminOnly === true }));
}
