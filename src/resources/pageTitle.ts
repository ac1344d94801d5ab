/** Page titles and headings of spec section 2. */
import type { Category } from '../schemas';
import { messages } from '../messages';
import type { PageMode } from './consoleRoutes';

/** 'Devices', 'Device | Add', 'Device | View', 'Device | Edit', 'Home'. */
export function pageTitle(mode: PageMode, category?: Category): string {
  if (mode === 'home' || !category) return messages.home;
  switch (mode) {
    case 'table':
      return category.plural;
    case 'new':
      return messages.addTitle(category.title);
    case 'view':
      return messages.viewTitle(category.title);
    case 'edit':
      return messages.editTitle(category.title);
  }
}

/** 'Add a new device', 'View device', 'Edit device' (singular is 'documents collection' for collections). */
export function pageHeading(mode: 'new' | 'view' | 'edit', category: Category): string {
  if (mode === 'new') return messages.addHeading(category.singular);
  return mode === 'view' ? messages.viewHeading(category.singular) : messages.editHeading(category.singular);
}

/** While a page waits for its data the title says so (spec section 2). */
export function withWaiting(title: string, waiting: boolean): string {
  return waiting ? `${title}${messages.waitingSuffix}` : title;
}
