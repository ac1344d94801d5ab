/**
 * Small SQL building blocks shared by the generic data layer. Identifiers come from the
 * registry (trusted) but are still checked and quoted: several category keys and field names
 * are reserved words in PostgreSQL (user, type, date, role, config).
 */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function ident(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Not a safe SQL identifier: '${name}'`);
  return `"${name}"`;
}

/** A constant of the registry (a default, a JSON path) as an SQL literal: where a parameter cannot go (DDL, an index's expression). */
/** A list entry's id: a refList holds { "id": n } entries or plain ids (src/schemas/kinds.ts). */
export const entryId = (entry: string) => `COALESCE(${entry}->>'id', ${entry}#>>'{}')::int`;

export const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Numbered parameters ($1, $2, ...) collected while a statement is assembled. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
