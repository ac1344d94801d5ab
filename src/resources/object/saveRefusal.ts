/**
 * A server's refusal of a save that concerns one field of the form (issue 13 item 5): a unique
 * rule the save broke (a name not unique in its team, a unique ID already used by a device of the
 * type: the Description is the rule's message or names its constraint), a required field the
 * server found empty, or an input that names nothing (FieldSpec.unresolved: no user with this
 * username). A rule's field the form does not show is the form's input that resolves to it (a
 * role's username for user_id: 'This user is already a member of the team.'). The form shows it
 * under that field and in its error list instead of a snackbar; any other refusal goes to the
 * error catalogue. Used by the object form and the teams page's add-member form. Pure, unit-tested.
 */
import type { Category } from '../../schemas';
import { HttpError } from '../../dataProvider/http';
import { catalogueText } from '../../dataProvider/errors';
import type { Values } from './formFields';
import { typedField } from './validation';

export interface FieldRefusal {
  field: string;
  /** As the catalogue words it (the uid-per-type key is the spec's sentence). */
  message: string;
}

export function fieldRefusal(category: Category, fields: readonly string[], values: Values, error: unknown): FieldRefusal | undefined {
  if (!(error instanceof HttpError) || error.status === 401) return undefined;
  const description = error.description;
  if (description === undefined) return undefined;
  const message = catalogueText(description);
  for (const rule of category.unique ?? []) {
    // The rule's last field is the one a user types (the name, the uid, a firmware's version).
    const field = inputFor(category, fields, typedField(rule));
    if (field !== undefined && (description.includes(rule.name) || description === rule.message(values))) return { field, message };
  }
  const declared = fields.find((name) => {
    const spec = category.fields[name];
    return spec !== undefined && (spec.required === description || spec.unresolved === description);
  });
  return declared === undefined ? undefined : { field: declared, message };
}

/** The form's field for `field`: itself, or the input the form shows in its place (FieldSpec.resolvesTo). */
function inputFor(category: Category, fields: readonly string[], field: string): string | undefined {
  return fields.includes(field) ? field : fields.find((name) => category.fields[name]?.resolvesTo === field);
}
