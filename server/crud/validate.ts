/**
 * Validation of write bodies with the registry's zod body schemas (src/schemas/compile.ts), whose
 * field validators the console's forms run too. The server never trusts the console: every rule
 * runs here again, with the spec's messages, and a problem is a 400 that changes nothing.
 */
import type { Category, FieldSpec } from '../../src/schemas/defineCategory';
import { acceptedValues, bodyProblem, objectProblems } from '../../src/schemas/compile';
import { badRequest } from '../http/errors';
import type { Row } from './hooks';

export { isPlainObject } from '../../src/schemas/compile';
export { isStorableText, MAX_JSON_DEPTH } from '../../src/schemas/kinds';

/** The declared field of that name; never one inherited from Object.prototype ('constructor'). */
export const fieldOf = (category: Category, name: string): FieldSpec | undefined =>
  Object.hasOwn(category.fields, name) ? category.fields[name] : undefined;

/**
 * The accepted values of a create or update body, or a 400 naming the first problem. On update
 * only the fields sent are validated (and changed); `id` may be sent back unchanged.
 */
export function validateBody(category: Category, body: unknown, mode: 'create' | 'update', pathId?: number): Row {
  const problem = bodyProblem(category, body, mode, pathId);
  if (problem) throw badRequest(problem);
  return acceptedValues(category, body as Row);
}

/** A 400 naming the first `checkWith` problem of the object as it will be stored (`sent`: the fields of the body). */
export function checkObject(category: Category, sent: Row, object: Row): void {
  const problem = Object.values(objectProblems(category, Object.keys(sent), object))[0];
  if (problem) throw badRequest(problem);
}
