import type { Category } from '../schemas';

/** The field that names an object in lists and headings: the first of its summary ('name', 'username'). */
/** The field that names an object in the spec's categories: the default name and the 'Name is not valid.' summary are its. */
export const NAME_FIELD = 'name';

export const displayField = (category: Category): string => category.summary[0] ?? 'id';

export const displayLabel = (category: Category): string => category.fields[displayField(category)]?.label ?? displayField(category);
