/**
 * Parser for the ?fields= parameter of spec section 7:
 *
 *   fields=id,name,device(name,id),firmware(name,version,id)
 *
 * A plain name selects a column (or a derived value: an expansion, list, lookup or count key).
 * `cat(a,b)` selects every expansion or list of the category whose target category key is
 * `cat`, with the sub-fields a, b. This file only parses; projection.ts gives the names meaning.
 */
import { ownMessages } from '../../src/messages';
import { badRequest } from '../http/errors';

export interface FieldsRequest {
  plain: string[];
  groups: { category: string; fields: string[] }[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function checkName(name: string): string {
  if (!NAME.test(name)) throw badRequest(ownMessages.badFieldsParam(`'${name}' is not a field name`));
  return name;
}

export function parseFieldsParam(raw: string): FieldsRequest {
  const result: FieldsRequest = { plain: [], groups: [] };
  let i = 0;
  while (i < raw.length) {
    const open = raw.indexOf('(', i);
    const comma = raw.indexOf(',', i);
    const endOfItem = comma === -1 ? raw.length : comma;
    if (open !== -1 && open < endOfItem) {
      const close = raw.indexOf(')', open);
      if (close === -1) throw badRequest(ownMessages.badFieldsParam('a parenthesis is not closed'));
      const inner = raw.slice(open + 1, close);
      if (inner.includes('(')) throw badRequest(ownMessages.badFieldsParam('parentheses cannot be nested'));
      const fields = inner
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map(checkName);
      result.groups.push({ category: checkName(raw.slice(i, open).trim()), fields });
      i = close + 1;
      const rest = raw.slice(i).trimStart();
      if (rest !== '' && !rest.startsWith(',')) throw badRequest(ownMessages.badFieldsParam("',' expected after ')'"));
      i = raw.length - rest.length + 1;
    } else {
      const name = raw.slice(i, endOfItem).trim();
      if (name.includes(')')) throw badRequest(ownMessages.badFieldsParam("unexpected ')'"));
      if (name !== '') result.plain.push(checkName(name));
      i = endOfItem + 1;
    }
  }
  return result;
}
