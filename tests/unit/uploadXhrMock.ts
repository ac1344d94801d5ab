/**
 * An XMLHttpRequest stand-in for the upload calls (src/dataProvider/upload.ts): jsdom's own would
 * try the network. Each request is recorded; `answerWith` makes every send answer at once.
 */
import { vi } from 'vitest';

type Answer = { status: number; body: string; statusText?: string };

export class FakeXhr {
  static last: FakeXhr;
  static sent: FakeXhr[] = [];
  static answer: Answer | undefined;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    const answer = FakeXhr.answer;
    if (answer) queueMicrotask(() => this.respond(answer.status, answer.body, answer.statusText));
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  respond(status: number, text: string, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = text;
    this.onload?.();
  }
}

/** Replaces XMLHttpRequest; every upload answers `answer` when given, else waits for respond(). */
export function installXhr(answer?: Answer): typeof FakeXhr {
  FakeXhr.sent = [];
  FakeXhr.answer = answer;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}
