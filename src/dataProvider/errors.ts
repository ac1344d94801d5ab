/**
 * The error catalogue of spec section 8: how a failed call is shown to the user.
 *
 * - 401: 'Please sign in before accessing this page.', read by the user, then the home page;
 * - an aborted request: nothing;
 * - a call that did not reach the server (ServerUnreachableError, issue 27 item 1): a read shows
 *   nothing here, the page's banner says it (src/custom/offline/); a change says it was not made,
 *   or, when a proxy timed out waiting for the server (504), that it may have been made;
 * - a Description naming the uid-per-type constraint: the spec's own sentence;
 * - anything else: the Description if present, otherwise the error text;
 * - an optional extra message is appended on a new line.
 *
 * The spec's 'alert' is shown in the page, never in a browser box (issue 13 item 5): a failure in a
 * snackbar, the 401 in the in-page notice dialog, both given by the page (PageNotification.tsx,
 * through setErrorUi). What fails before the page is up waits for it. Tests inject their own.
 */
import { messages, ownMessages } from '../messages';
import { HttpError, isAbortError, ServerUnreachableError } from './http';

export interface ErrorUi {
  /** A failure: the page shows it in a snackbar. */
  alert: (text: string) => void;
  /** A text the user must read before what follows (the 401): resolves once read. */
  notice: (text: string) => Promise<void> | void;
  goHome: () => void;
}

interface Waiting {
  text: string;
  /** Set for a notice: called once it was read. */
  read?: () => void;
}

/** Shown once the page gives its ErrorUi (takeWaiting). */
let waiting: Waiting[] = [];

/** A full load of '/': the session is gone, so every cached query and the profile must go too. */
const defaultUi: ErrorUi = {
  alert: (text) => {
    waiting.push({ text });
  },
  notice: (text) =>
    new Promise<void>((resolve) => {
      waiting.push({ text, read: resolve });
    }),
  goHome: () => window.location.assign('/'),
};

let ui: ErrorUi = defaultUi;
/** Several calls fail with 401 together when a session expires: one notice is enough. */
let signInAlertShown = false;

/** A UI that gives only `alert` shows notices with it too. */
export function setErrorUi(next: Partial<ErrorUi>): void {
  const notice = next.notice ?? (next.alert ? next.alert : undefined);
  ui = { ...ui, ...next, ...(notice ? { notice } : {}) };
}

/** The page went away: what fails now waits for the next one. */
export function unsetPageErrorUi(): void {
  ui = { ...ui, alert: defaultUi.alert, notice: defaultUi.notice };
}

export function resetErrorUi(): void {
  ui = defaultUi;
  waiting = [];
  signInAlertShown = false;
}

/** The texts that failed before the page could show them, oldest first (a notice with its `read`). */
export function takeWaiting(): Waiting[] {
  return waiting.splice(0);
}

export const UID_PER_TYPE_KEY = 'uid_per_type';

/** A server's Description as the catalogue shows it: one naming the uid-per-type key is the spec's sentence. */
export const catalogueText = (description: string): string =>
  description.includes(UID_PER_TYPE_KEY) ? messages.uidNotUniquePerType : description;

/** The text the catalogue shows for an error, or undefined when it shows nothing (aborted call). */
export function errorMessage(error: unknown, extra?: string): string | undefined {
  if (isAbortError(error)) return undefined;
  // The server never saw the call: an extra hint about what it refused does not apply.
  if (error instanceof ServerUnreachableError) {
    if (error.mayHaveChanged) return ownMessages.serverUnreachableMaybeChanged;
    return error.write ? ownMessages.serverUnreachableNotChanged : ownMessages.serverUnreachable;
  }
  let text: string;
  if (error instanceof HttpError && error.status === 401) {
    text = messages.pleaseSignIn;
  } else {
    const description = error instanceof HttpError ? error.description : undefined;
    text = description !== undefined ? catalogueText(description) : errorText(error);
  }
  return extra ? `${text}\n${extra}` : text;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}

export interface ReportOptions {
  /** Appended on a new line (e.g. the custom label hint of spec section 8). */
  extra?: string;
}

/** Shows an error the catalogue's way. Returns the text shown, if any (handy for tests and logs). */
export function reportError(error: unknown, options: ReportOptions = {}): string | undefined {
  const text = errorMessage(error, options.extra);
  if (text === undefined) return undefined;
  // What the page shows stays, and its banner says the server is out of reach until it answers.
  if (error instanceof ServerUnreachableError && !error.write) return undefined;
  if (error instanceof HttpError && error.status === 401) {
    if (signInAlertShown) return undefined;
    signInAlertShown = true;
    const read = ui.notice(text);
    if (read instanceof Promise) void read.then(() => ui.goHome());
    else ui.goHome();
    return text;
  }
  ui.alert(text);
  return text;
}
