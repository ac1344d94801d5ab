/**
 * The look-alike key of a name: two names with the same key read the same to a person, so the
 * second one is refused (names in a team, usernames). Built after Unicode's skeleton (UTS #39):
 * - compatibility forms folded (NFKC: fullwidth 'Ａ' is 'A', ligature 'ﬁ' is 'fi');
 * - letter case ignored ('Admin' is 'admin');
 * - accents and other combining marks dropped ('é' is 'e');
 * - invisible format characters dropped (zero-width space, joiners), runs of spaces are one space;
 * - a Cyrillic or Greek letter, or a digit, that imitates a Latin letter is that letter ('а' of
 *   Cyrillic is 'a', 'ο' of Greek is 'o', '0' is 'o', '1' is 'l'), and so is a Cherokee letter
 *   that imitates one ('Ꮃ' is 'w');
 * - 'i', 'l', '1' and '|' are one letter: most sans-serif fonts draw capital 'I' as 'l', and the
 *   key ignores case, so 'I' and 'i' cannot differ (UTS #39 too maps 'I' to 'l'). The price:
 *   'mail' and 'mall' are look-alikes, so the second of them is refused.
 * The key is compared, never shown: the name keeps the spelling its author gave.
 */

/** Letters (lower case, since case is folded first) that imitate a Latin letter, upper or lower case. */
const IMITATES: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', з: '3', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  ѕ: 's', і: 'i', ї: 'i', ј: 'j', һ: 'h', ӏ: 'l', ԁ: 'd', ԛ: 'q', ԝ: 'w', ү: 'y', ь: 'b', г: 'r', п: 'n',
  // Greek
  α: 'a', β: 'b', γ: 'y', ε: 'e', ζ: 'z', η: 'h', ι: 'i', κ: 'k', μ: 'm', ν: 'v', ο: 'o', ρ: 'p', τ: 't',
  υ: 'u', χ: 'x', ϲ: 'c', ϳ: 'j',
  // Latin look-alikes and digits
  ı: 'i', ȷ: 'j', ℓ: 'l', ſ: 's', '0': 'o', '1': 'l', '|': 'l',
  // Armenian
  օ: 'o', ս: 'u', հ: 'h', ո: 'n', ց: 'g', զ: 'q',
};

/** Cherokee capitals that read as a Latin capital; the key holds their lower-case form (U+AB70..), which toLowerCase gives. */
const CHEROKEE: Record<string, string> = {
  Ꭺ: 'a', Ᏼ: 'b', Ꮯ: 'c', Ꭰ: 'd', Ꭼ: 'e', Ꮐ: 'g', Ꮋ: 'h', Ꭻ: 'j', Ꮶ: 'k', Ꮮ: 'l', Ꮇ: 'm', Ꮲ: 'p', Ꮪ: 's',
  Ꭲ: 't', Ꮩ: 'v', Ꮃ: 'w', Ꮓ: 'z', Ꭵ: 'i', Ꮻ: 'o', Ꮢ: 'r',
};
for (const [upper, latin] of Object.entries(CHEROKEE)) IMITATES[upper.toLowerCase()] = latin;

/** What 'i' and 'l' both become in the key (see above). */
const I_OR_L: Record<string, string> = { i: 'l' };

const FORMAT_CHARS = /\p{Cf}/gu;
const MARKS = /\p{M}/gu;
const SPACES = /\s+/gu;

export function lookalikeKey(name: string): string {
  const folded = name.normalize('NFKC').toLowerCase().normalize('NFD').replace(MARKS, '').replace(FORMAT_CHARS, '');
  let key = '';
  for (const ch of folded.replace(SPACES, ' ').trim()) {
    const latin = IMITATES[ch] ?? ch;
    key += I_OR_L[latin] ?? latin;
  }
  return key;
}

/** A name as stored: trimmed and in Unicode's composed form (NFC), so one spelling has one form. */
export function canonicalName(name: string): string {
  return name.trim().normalize('NFC');
}

/** The system column that holds the look-alike key of a field declared `lookalike` (defineCategory adds it). */
export const lookalikeColumn = (field: string): string => `${field}_key`;

/**
 * What a uniqueness rule compares of a value: the look-alike key of a field declared `lookalike`,
 * the text itself otherwise. The server's check (server/crud/uniqueness.ts, through the stored key)
 * and the console's check against the existing names (src/resources/object/validation.ts) agree.
 */
export function uniqueValue(field: { lookalike?: boolean } | undefined, value: unknown): string {
  return field?.lookalike === true && typeof value === 'string' ? lookalikeKey(value) : String(value);
}
