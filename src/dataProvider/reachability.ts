/**
 * Whether the server answers (issue 27 item 1): a call that cannot reach it (a network error, a
 * proxy's 502/503/504) is not an empty answer, so the console keeps what it shows and says the
 * server is out of reach (src/custom/offline/) instead. Every call reports here (http.ts): a call
 * that could not reach the server marks it unreachable, any answer of the server marks it
 * reachable. While unreachable the server is asked again (`probe`, one light call) after 1 s,
 * then twice as long each time up to a ceiling, so that the console recovers by itself when the
 * server is back, without hammering a server that is restarting. Pure logic over timers.
 */

export interface Reachability {
  reachable(): boolean;
  /** Called whenever `reachable()` changes. */
  subscribe(listener: () => void): () => void;
  /** A call could not reach the server. */
  lost(): void;
  /** The server answered a call (whatever the status). */
  answered(): void;
  /** Asks the server now (the Retry button), then backs off again from the first delay. */
  checkNow(): void;
}

export interface ReachabilityTiming {
  firstDelayMs: number;
  maxDelayMs: number;
}

/** The first wait before asking again, and the longest: a server back is noticed within 10 s. */
export const PROBE_TIMING: ReachabilityTiming = { firstDelayMs: 1_000, maxDelayMs: 10_000 };

/**
 * `probe` sends one call through the shared helper, whose outcome reaches `lost` or `answered`
 * as every call's does; its own result is not read.
 */
export function createReachability(probe: () => Promise<unknown>, timing: ReachabilityTiming = PROBE_TIMING): Reachability {
  let reachable = true;
  let delay = timing.firstDelayMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probing = false;
  const listeners = new Set<() => void>();

  const set = (next: boolean) => {
    if (reachable === next) return;
    reachable = next;
    listeners.forEach((listener) => listener());
  };

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const schedule = () => {
    stopTimer();
    timer = setTimeout(check, delay);
    delay = Math.min(delay * 2, timing.maxDelayMs);
  };

  function check() {
    timer = undefined;
    if (reachable || probing) return;
    probing = true;
    void probe()
      .catch(() => undefined)
      .finally(() => {
        probing = false;
        if (!reachable) schedule();
      });
  }

  return {
    reachable: () => reachable,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    lost() {
      if (!reachable) return;
      set(false);
      delay = timing.firstDelayMs;
      schedule();
    },

    answered() {
      stopTimer();
      set(true);
    },

    checkNow() {
      if (reachable) return;
      stopTimer();
      delay = timing.firstDelayMs;
      check();
    },
  };
}
