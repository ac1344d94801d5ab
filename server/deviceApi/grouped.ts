/**
 * Group work (a fleet's check-ins): the calls that arrive while one group's statement is under way
 * wait and run together in the next one, so a busy server runs one statement for many calls (one
 * round trip, one plan, one commit) and an idle one runs each at once. Each call is settled with its
 * own result, or every call of its group with the group's error. The group's work is no one
 * request's: it goes on when the client of the call that started it has gone.
 */
import { detached } from '../db/clientGone';

interface Waiter<I, O> {
  item: I;
  done: (result: O | PromiseLike<O>) => void;
  fail: (err: unknown) => void;
}

/** `run` answers one result per item, in their order (a promise: that call settles when it does, the next group does not wait for it). */
export function grouped<I, O>(run: (items: I[]) => Promise<(O | PromiseLike<O>)[]>): (item: I) => Promise<O> {
  let queued: Waiter<I, O>[] = [];
  let running = false;

  async function drain() {
    running = true;
    while (queued.length > 0) {
      const group = queued;
      queued = [];
      await run(group.map((w) => w.item)).then(
        (results) => group.forEach((w, i) => w.done(results[i])),
        (err: unknown) => group.forEach((w) => w.fail(err)),
      );
    }
    running = false;
  }

  return (item) =>
    new Promise<O>((done, fail) => {
      queued.push({ item, done, fail });
      if (!running) void detached(drain);
    });
}
