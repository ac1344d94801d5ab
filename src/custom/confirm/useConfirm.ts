/**
 * `const confirm = useConfirm(); if (!(await confirm({ text }))) return;` — the in-page
 * replacement of window.confirm (and, with `notice: true`, of window.alert), shown by
 * ConfirmProvider (mounted once by the console layout). Resolves true for the confirm button,
 * false for Cancel, Escape or a click outside.
 */
import { createContext, useContext } from 'react';

export interface ConfirmOptions {
  /** What will happen, in words and counts; newlines are kept. */
  text: string;
  /** The dialog's title (default: ownMessages.confirmTitle, or noticeTitle for a notice). */
  title?: string;
  /** The confirm button's text (default: ownMessages.ok). */
  confirmLabel?: string;
  /** A destructive action: the button is red. */
  danger?: boolean;
  /** The button stays disabled until this text is typed (e.g. the name of what is deleted). */
  typeToConfirm?: string;
  /** Only an OK button: an in-page alert. */
  notice?: boolean;
}

export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

/** Outside a provider (unit tests of a lone component): the browser's own boxes. */
const browserBoxes: Confirm = async (options) => {
  if (options.notice) {
    window.alert(options.text);
    return true;
  }
  return window.confirm(options.text);
};

export const ConfirmContext = createContext<Confirm>(browserBoxes);

export const useConfirm = (): Confirm => useContext(ConfirmContext);
