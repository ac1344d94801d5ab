/**
 * Validation rules of spec section 5, written once and run by both the console and the server.
 * Each returns the spec's message, or undefined when the value is fine.
 */
import semverValid from 'semver/functions/valid.js';
import { messages, ownMessages } from '../messages';

/** Letters (any script), digits, space, underscore, dot, hyphen. */
export const NAME_PATTERN = /^[\p{L}\p{N} _.-]+$/u;

function nameProblem(value: unknown, charsMessage: string): string | undefined {
  if (typeof value !== 'string' || value.trim().length === 0) return messages.nameEmpty;
  if (!NAME_PATTERN.test(value)) return charsMessage;
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

export function checkJsonText(value: unknown): string | undefined {
  if (typeof value !== 'string') return messages.configNotJson;
  try {
    JSON.parse(value);
    return undefined;
  } catch {
    return messages.configNotJson;
  }
}

/** Custom field definitions and values: a list of { name, type 0|1|2, value }. */
export function checkCustomFields(value: unknown): string | undefined {
  if (value === null) return undefined;
  if (!Array.isArray(value)) return ownMessages.customFieldsShape;
  for (const item of value) {
    if (typeof item !== 'object' || item === null || typeof (item as { name?: unknown }).name !== 'string') {
      return ownMessages.customFieldsShape;
    }
    const type = (item as { type?: unknown }).type;
    if (type !== undefined && type !== 0 && type !== 1 && type !== 2) return ownMessages.customFieldType;
  }
  return undefined;
}
