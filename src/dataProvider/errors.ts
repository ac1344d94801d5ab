/**
 * The error catalogue of spec section 8: how a failed call is shown to the user.
 *
 * - 401: alert 'Please sign in before accessing this page.' then go to the home page;
 * - an aborted request: nothing;
 * - a Description naming the uid-per-type constraint: the spec's own sentence;
 * - anything else: the Description if present, otherwise the error text;
 * - an optional extra message is appended on a new line.
 *
 * The alert and the navigation are injectable so that tests (and later a nicer dialog) can replace
 * window.alert without touching callers.
 */
import { messages } from '../messages';
import { HttpError, isAbortError } from './http';

export interface ErrorUi {
  alert: (text: string) => void;
  goHome: () => void;
}

/** A full load of '/': the session is gone, so every cached query and the profile must go too. */
const defaultUi: ErrorUi = {
  alert: (text) => window.alert(text),
  goHome: () => window.location.assign('/'),
};

let ui: ErrorUi = defaultUi;
/** Several calls fail with 401 together when a session expires: one alert is enough. */
let signInAlertShown = false;

export function setErrorUi(next: Partial<ErrorUi>): void {
  ui = { ...ui, ...next };
}

export function resetErrorUi(): void {
  ui = defaultUi;
  signInAlertShown = false;
}

export const UID_PER_TYPE_KEY = 'uid_per_type';

/** The text the catalogue shows for an error, or undefined when it shows nothing (aborted call). */
export function errorMessage(error: unknown, extra?: string): string | undefined {
  if (isAbortError(error)) return undefined;
  let text: string;
  if (error instanceof HttpError && error.status === 401) {
    text = messages.pleaseSignIn;
  } else {
    const description = error instanceof HttpError ? error.description : undefined;
    if (description?.includes(UID_PER_TYPE_KEY)) text = messages.uidNotUniquePerType;
    else text = description ?? errorText(error);
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
  if (error instanceof HttpError && error.status === 401) {
    if (signInAlertShown) return undefined;
    signInAlertShown = true;
    ui.alert(text);
    ui.goHome();
    return text;
  }
  ui.alert(text);
  return text;
}
