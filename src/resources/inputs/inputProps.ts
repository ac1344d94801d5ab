import type { FieldInputProps } from '../overrides';

/**
 * What the generic inputs take: the override contract's props plus what the object form works
 * out around a field (its label from another object, whether it shows an error, a hint).
 */
export interface GenericInputProps extends FieldInputProps {
  /** Replaces the schema label (a uid labelled with its type's name_of_uid). */
  label?: string;
  /** The field has a validation error (listed under 'Please, fix the following errors:'). */
  error?: boolean;
  /** Reports text the input cannot turn into a value (invalid JSON), or undefined once it can. */
  onInvalid?: (message: string | undefined) => void;
}

/** Text inputs keep '' rather than react-admin's null, so that rules see what was typed. */
export const keepText = (value: unknown) => value;
/** A blank box is no value (null): '' is no address nor e-mail, and a field whose rule refuses '' accepts null. */
export const blankIsNull = (text: unknown): unknown => (typeof text === 'string' && text.trim() === '' ? null : text);
export const showText = (value: unknown) => (value === null || value === undefined ? '' : String(value));
