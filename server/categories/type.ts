/**
 * Types (spec section 5): deleting a custom field definition removes that field from every device
 * of the type. A definition is gone when its name is no longer among the type's definitions after
 * an update (a renamed field counts as gone); the devices lose it in the update's transaction.
 * Changing a definition's type or value leaves the devices' values alone, as the console warns.
 */
import type { CategoryHooks } from '../crud/hooks';

const DEFINITIONS = 'custom_fields_devices';

function definitionNames(value: unknown): Set<string> {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return new Set();
  return new Set(list.map((f) => (f as { name?: unknown } | null)?.name).filter((n): n is string => typeof n === 'string'));
}

export const typeHooks: CategoryHooks = {
  async afterUpdate({ tx, input, existing }) {
    if (!(DEFINITIONS in input)) return;
    const kept = definitionNames(input[DEFINITIONS]);
    const gone = [...definitionNames(existing[DEFINITIONS])].filter((name) => !kept.has(name));
    if (gone.length === 0) return;
    await tx.query(
      `UPDATE "device" SET "custom_fields_from_type" = (
         SELECT coalesce(jsonb_agg(f ORDER BY i), '[]'::jsonb)
           FROM jsonb_array_elements("custom_fields_from_type") WITH ORDINALITY AS e(f, i)
          WHERE NOT (jsonb_typeof(f) = 'object' AND f->>'name' IN (SELECT jsonb_array_elements_text($1::jsonb))))
        WHERE "type_id" = $2 AND jsonb_typeof("custom_fields_from_type") = 'array'`,
      [JSON.stringify(gone), existing.id],
    );
  },
};
