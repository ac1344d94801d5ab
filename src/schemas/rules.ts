/**
 * Validation rules of spec section 5, written once and run by both the console and the server.
 * Each returns the spec's message, or undefined when the value is fine.
 */
import semverValid from 'semver/functions/valid.js';
import { messages, ownMessages } from '../messages';
import { isCustomFieldType } from './customFields';
import { isPlainUrl, jsonProblemText } from './kinds';
import { dataUrlImage, IMAGE_TYPES } from './imageKind';
import { canonicalName } from './lookalike';

const ENTRY_KEYS = ['name', 'type', 'value'];

/** A custom field's value by its type: 0 string, 1 boolean, 2 a whole number (Infinity is not). */
const VALUE_FITS = [
  (v: unknown) => typeof v === 'string',
  (v: unknown) => typeof v === 'boolean',
  (v: unknown) => Number.isSafeInteger(v),
] as const;

/** Letters (any script), digits, space, underscore, dot, hyphen. */
export const NAME_PATTERN = /^[\p{L}\p{N} _.-]+$/u;

/** A name as it will be stored (canonicalName: trimmed, composed), so 'Cafe' + a combining accent is 'Café', letters only. */
function nameProblem(value: unknown, charsMessage: string): string | undefined {
  if (typeof value !== 'string' || value.trim().length === 0) return messages.nameEmpty;
  if (!NAME_PATTERN.test(canonicalName(value))) return charsMessage;
  return undefined;
}

export const checkName = (value: unknown) => nameProblem(value, messages.nameNotValid);
export const checkFirmwareName = (value: unknown) => nameProblem(value, messages.firmwareNameChars);

export function isSemver(value: string): boolean {
  return semverValid(value.trim()) !== null;
}

export function checkVersion(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim().length === 0) return messages.versionEmpty;
  if (!isSemver(value)) return messages.versionNotSemver;
  return undefined;
}

export function checkUid(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim().length === 0) return messages.uidEmpty;
  return undefined;
}

export function checkJsonText(value: unknown, label = 'config'): string | undefined {
  if (typeof value !== 'string') return messages.configNotJson;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return messages.configNotJson;
  }
  return jsonProblemText(parsed, label, true);
}

/**
 * Custom field definitions and values: a list of entries of exactly { name, type 0|1|2, value },
 * the value of the entry's type (a whole number for 2), each name once.
 */
export function checkCustomFields(value: unknown, label: string): string | undefined {
  if (value === null) return undefined;
  if (!Array.isArray(value)) return ownMessages.customFieldsShape;
  const names = new Set<string>();
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return ownMessages.customFieldsShape;
    const entry = item as { name?: unknown; type?: unknown; value?: unknown };
    if (typeof entry.name !== 'string') return ownMessages.customFieldsShape;
    const keys = Object.keys(entry);
    if (keys.length !== ENTRY_KEYS.length || !ENTRY_KEYS.every((k) => keys.includes(k))) return ownMessages.customFieldEntryKeys(entry.name);
    if (!isCustomFieldType(entry.type)) return ownMessages.customFieldType;
    if (!VALUE_FITS[entry.type](entry.value)) {
      return ownMessages.customFieldWrongType(label, entry.name, ownMessages.customFieldTypeNames[entry.type]);
    }
    // Unnamed definitions define nothing (the console drops them on save): only names must differ.
    if (entry.name.trim() !== '' && names.has(entry.name)) return ownMessages.customFieldDuplicate(entry.name);
    names.add(entry.name);
  }
  return undefined;
}

/** Document types whose content is typed in (text) or is the link itself; files and images are uploads. */
const TYPED_CONTENT = ['text', 'link'];

/** Only web addresses: a javascript:, data: or file: link would run or read something when opened. */
function isWebAddress(text: string): boolean {
  if (!isPlainUrl(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A basic document's content by its type (spec section 5): text and link need one, a link an http(s) address. */
export function checkDocumentContent(value: unknown, object: Readonly<Record<string, unknown>>): string | undefined {
  if (!TYPED_CONTENT.includes(String(object.doc_type))) return undefined;
  if (typeof value !== 'string' || value.trim() === '') return messages.contentEmpty;
  if (object.doc_type === 'link' && !isWebAddress(value)) return ownMessages.linkNotHttp;
  return undefined;
}

/**
 * An icon (spec section 3: an uploaded image, stored as a data URL): a base64 data URL whose content
 * is a PNG, JPEG, WebP or GIF image, read from its first bytes, declared as what it is. Never SVG
 * (it can run script) nor any other address (javascript:, https:), which an <img> would fetch or run.
 */
export function checkIcon(value: unknown, label: string): string | undefined {
  if (value === null || value === '') return undefined;
  const image = typeof value === 'string' ? dataUrlImage(value) : undefined;
  if (!image) return ownMessages.iconNotDataUrl(label);
  if (!image.kind || IMAGE_TYPES[image.kind] !== image.mediaType) return ownMessages.iconNotRaster(label);
  return undefined;
}
