/**
 * Custom label templates (spec section 5): Python string.Template semantics, by our own small
 * scanner rather than a regular expression replaced over arbitrary names, so that what a key can
 * reach is decided in one place: a name is looked up only once it is known to be one of
 * LABEL_KEYS, and a value is inserted once (a '$' inside a value stays a '$').
 */
import { LABEL_KEYS, type LabelKey } from '../../src/custom/labels';
import { ownMessages } from '../../src/messages';

const KNOWN: ReadonlySet<string> = new Set(LABEL_KEYS);

/** A refused template: the Description says what and where. */
export class LabelTemplateError extends Error {}

/** Python's idpattern `(?a:[_a-z][_a-z0-9]*)` with re.IGNORECASE. */
const isStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isPart = (c: string) => isStart(c) || (c >= '0' && c <= '9');

export type Segment = { text: string } | { key: LabelKey };

/** Line and column (both from 1) of an offset, as Python's Template reports them. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** The template as literal text and known keys; any other key or a '$' not followed by a key, '{key}' or '$' is refused. */
export function parseTemplate(template: string): Segment[] {
  const segments: Segment[] = [];
  let literal = '';
  let i = 0;
  const nameAt = (start: number) => {
    let end = start;
    if (end < template.length && isStart(template[end])) while (end < template.length && isPart(template[end])) end++;
    return end;
  };
  const known = (name: string, at: number): LabelKey => {
    if (KNOWN.has(name)) return name as LabelKey;
    const { line, column } = position(template, at);
    throw new LabelTemplateError(ownMessages.labelUnknownKey(name, line, column, LABEL_KEYS));
  };
  while (i < template.length) {
    const dollar = template.indexOf('$', i);
    if (dollar < 0) {
      literal += template.slice(i);
      break;
    }
    literal += template.slice(i, dollar);
    const next = template[dollar + 1];
    if (next === '$') {
      literal += '$';
      i = dollar + 2;
      continue;
    }
    const braced = next === '{';
    const start = dollar + (braced ? 2 : 1);
    const end = nameAt(start);
    if (end === start || (braced && template[end] !== '}')) {
      const { line, column } = position(template, dollar);
      throw new LabelTemplateError(braced ? ownMessages.labelUnclosedBrace(line, column) : ownMessages.labelBadDollar(line, column));
    }
    const key = known(template.slice(start, end), dollar);
    if (literal) segments.push({ text: literal });
    literal = '';
    segments.push({ key });
    i = braced ? end + 1 : end;
  }
  if (literal) segments.push({ text: literal });
  return segments;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** Keys whose value is markup we made (not escaped); every other value is text. */
const MARKUP: ReadonlySet<LabelKey> = new Set<LabelKey>(['qr_svg']);

/**
 * The template's text with each key replaced once by its value, XML-escaped (qr_svg excepted).
 * Stops with an error once the result would exceed `maxLength` characters (a short template can
 * name $qr_svg thousands of times).
 */
export function substitute(segments: readonly Segment[], values: Readonly<Record<LabelKey, string>>, maxLength: number): string {
  const parts: string[] = [];
  let length = 0;
  for (const segment of segments) {
    const part = 'text' in segment ? segment.text : MARKUP.has(segment.key) ? values[segment.key] : escapeXml(values[segment.key]);
    length += part.length;
    if (length > maxLength) throw new LabelTemplateError(ownMessages.labelResultTooLarge(maxLength));
    parts.push(part);
  }
  return parts.join('');
}
