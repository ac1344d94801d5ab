/**
 * The rules the API checks but the database does not hold (a text's lengths, a required text not
 * blank, a url's schemes, an e-mail's form, a number's declared range): a stricter one leaves the stored values in place, and an object holding
 * such a value cannot be saved until it is corrected. The start that meets a changed registry asks
 * the data and reports each field with how many rows break its rules and one id (never a refusal:
 * the rows are valid data, only not savable as they are). Rules the database cannot express (a
 * field's `check`, a json field's schema) are not asked.
 */
import type { Category, FieldSpec } from '../../src/schemas/defineCategory';
import { DEFAULT_URL_SCHEMES, EMAIL_PATTERN, maxLengthOf, sqlType } from '../../src/schemas/kinds';
import { ident, quoteLiteral } from '../crud/sql';
import { ownMessages } from '../../src/messages';

/** A question whose answer is reported at start, the migration going on: the line, or none when there is nothing to say. */
export interface DataReport {
  sql: string;
  notice: (n: number, sample: readonly string[]) => string | undefined;
  /** Asked only when the registry changed since the last migration (ddl.ts DataCheck.onRegistryChange). */
  onRegistryChange?: boolean;
}

/**
 * A blank text as the API sees one (compile.ts isEmptyValue: String.prototype.trim leaves nothing): the
 * white space and line ends of JavaScript, Unicode's included (no-break, ideographic, BOM), which
 * [[:space:]] of a database in the C locale does not know.
 */
const BLANK = '^[\\u0009-\\u000D\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]*$';

/** [SQL condition true of a value breaking the rule, the rule in words] for each rule of the field the database can ask. */
function rulesOf(field: FieldSpec, column: string): [string, string][] {
  const C = ident(column);
  const rules: [string, string][] = [];
  if (field.kind === 'integer' || field.kind === 'number') {
    if (field.min !== undefined) rules.push([`${C} < ${field.min}`, ownMessages.ruleMin(field.min)]);
    if (field.max !== undefined) rules.push([`${C} > ${field.max}`, ownMessages.ruleMax(field.max)]);
  }
  if (sqlType(field) !== 'text') return rules;
  if (field.minLength !== undefined) rules.push([`char_length(${C}) < ${field.minLength}`, ownMessages.ruleMinLength(field.minLength)]);
  // The API's own pattern (no flags, nothing a PostgreSQL regular expression reads otherwise): the rows reported are the rows it refuses.
  if (field.kind === 'email') rules.push([`${C} !~ ${quoteLiteral(EMAIL_PATTERN.source)}`, ownMessages.ruleEmail]);
  // A kind's own limit (an e-mail's 254, a url's 2048) is part of the kind's words ('an e-mail address').
  const max = maxLengthOf(field);
  if (max !== undefined) rules.push([`char_length(${C}) > ${max}`, field.maxLength === undefined ? '' : ownMessages.ruleMaxLength(max)]);
  if (field.required !== undefined) rules.push([`${C} ~ ${quoteLiteral(BLANK)}`, ownMessages.ruleRequired]);
  if (field.kind === 'url') {
    const schemes = field.schemes ?? DEFAULT_URL_SCHEMES;
    rules.push([`lower(split_part(${C}, ':', 1)) NOT IN (${schemes.map((s) => quoteLiteral(s.toLowerCase())).join(', ')})`, ownMessages.ruleSchemes(schemes)]);
  }
  return rules;
}

/** One report per field with such rules, asked after the statements (new names), only when the registry changed. */
export function tightenedRuleReports(category: Category, fields: readonly [string, FieldSpec][]): DataReport[] {
  return fields.flatMap(([name, field]): DataReport[] => {
    const rules = rulesOf(field, name);
    if (rules.length === 0) return [];
    const broken = rules.map(([condition]) => `(${condition})`).join(' OR ');
    return [
      {
        sql: `SELECT count(*)::int AS n, ARRAY[min("id")::text] AS sample FROM ${ident(category.key)} WHERE ${ident(name)} IS NOT NULL AND (${broken})`,
        notice: (n, sample) =>
          n > 0 ? ownMessages.migrationRuleBroken(`${category.key}.${name}`, n, rules.flatMap(([, words]) => (words ? [words] : [])).join(', '), Number(sample[0])) : undefined,
        onRegistryChange: true,
      },
    ];
  });
}
