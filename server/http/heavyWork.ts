/**
 * Heavy work in flight (issue 28 item 1): counting requests in flight treats a 1.5 MB list like a
 * 300-byte call, so a handful of big answers held the server for seconds (the embedded database
 * runs each of their statements on this thread; both databases parse and serialise their rows here)
 * while the count stayed far below its limit: light calls waited behind them and nobody was refused.
 *
 * A call's cost is learnt from its answers to calls of the same shape (method, route, path
 * parameters, names of the query's parameters its route declares: a name it does not read changes
 * no work, and would make each call a shape not seen yet, so light): the recent mean of their size and of the time
 * their own statements held the embedded database (server/db/clientGone.ts; not the wait for it, which
 * grows with the load and would make every call look heavy under load). Both count: a list bounded
 * to a small answer may still hold the embedded database for 150 ms, and light calls wait behind
 * it. An answer streamed after it starts (an export, a download) is not counted: it is sent in small
 * pieces; nor is an error, which says nothing of the work. A shape whose mean size reaches
 * HEAVY_BYTES, or mean database time HEAVY_DB_MS, is heavy: at most `slots` heavy calls are worked
 * on at once, a few more wait for a slot in the order they came, and beyond them a heavy call is
 * refused (busy) at once. Light calls are never held here: they run between the heavy ones'
 * statements (on the embedded database, each statement of a heavy call waits for a turn of its own:
 * db/clientGone.ts). A shape not seen yet is light until its first answer; a lone user's few heavy
 * calls at once wait, never refused. A caller with no place when the line is full takes the place of
 * the newest waiting call of the caller holding most places: one user looping heavy calls cannot keep
 * every other user's refused.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { toJsonSchema } from '../openapi/operation';

/** An answer this big (bytes), as its shape's recent mean, makes calls of that shape heavy. */
export const HEAVY_BYTES = 256 * 1024;
/**
 * Database time (ms) this long, as its shape's recent mean, makes calls of that shape heavy. Measured
 * at 20,000 devices on the embedded database, on a machine with a load of 9 on 2 cores: a signed-in
 * user's own record 0-1 ms, a 25-row device page 5-10 ms, the full type list 21-55 ms, the full
 * firmware list 49-180 ms.
 */
export const HEAVY_DB_MS = 15;
/** Heavy calls that may wait for a slot, per slot; more are refused. */
export const HEAVY_WAITING_PER_SLOT = 2;
/** Shapes remembered; the light one answered longest ago is forgotten first. */
const SHAPES = 1000;
/** The newest answer's weight in its shape's recent mean. */
const NEWEST = 1 / 4;

/** The query parameters each route's contract declares, by its querystring schema. */
const declaredByRoute = new WeakMap<object, ReadonlySet<string>>();
function declaredQuery(request: FastifyRequest): ReadonlySet<string> {
  const schema = request.routeOptions.schema?.querystring;
  if (!schema) return new Set();
  let names = declaredByRoute.get(schema);
  if (!names) declaredByRoute.set(schema, (names = new Set(Object.keys(toJsonSchema(schema as z.ZodType).properties ?? {}))));
  return names;
}

/** What calls of the same cost share: not the query's values (a filter, a page), which vary between calls. */
export function callShape(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? request.url.split('?')[0];
  const params = Object.values((request.params ?? {}) as Record<string, string>).join('/');
  const declared = declaredQuery(request);
  const query = Object.keys((request.query ?? {}) as object)
    .filter((name) => declared.has(name))
    .sort()
    .join(',');
  // A HEAD is its GET's work (its answer measured before its body is dropped): one shape, so neither escapes the other's cost.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return `${method} ${route} ${params} ${query}`;
}

/**
 * The shape to forget: the light one answered longest ago, else the oldest. A heavy shape forgotten
 * would be light again, so a client's cheap calls of new shapes must not push it out.
 */
function forgotten(costs: ReadonlyMap<string, Cost>): string {
  for (const [shape, cost] of costs) if (!heavyCost(cost)) return shape;
  return costs.keys().next().value as string;
}

/** A shape's recent mean cost: the size of its answers (bytes) and the time its statements held the database (ms). */
type Cost = { bytes: number; databaseMs: number };
const heavyCost = (cost: Cost) => cost.bytes >= HEAVY_BYTES || cost.databaseMs >= HEAVY_DB_MS;

/** The heavy calls' slots of one process. */
export function heavyWork(slots: number) {
  const costs = new Map<string, Cost>();
  /** The caller of each call holding a slot or waiting for one. */
  const running = new Map<FastifyRequest, string>();
  const waiting = new Map<FastifyRequest, { caller: string; run: () => void; refuse: () => void }>();
  const placesOf = (caller: string) => [...running.values(), ...[...waiting.values()].map((w) => w.caller)].filter((c) => c === caller).length;
  /**
   * The line is full and `caller` has no place in it: the newest waiting call of the caller holding
   * the most places (two or more) is refused for it, so that one caller's loop cannot keep everyone
   * else's heavy calls refused.
   */
  function bumpFor(caller: string): boolean {
    if (placesOf(caller) > 0) return false;
    let hog: [FastifyRequest, { refuse: () => void }] | undefined;
    // Two places at least; among equals, the newest (the line is in arrival order).
    let most = 2;
    for (const entry of waiting) {
      const places = placesOf(entry[1].caller);
      if (places >= most) [hog, most] = [entry, places];
    }
    if (!hog) return false;
    waiting.delete(hog[0]);
    hog[1].refuse();
    return true;
  }
  const recent = (mean: number, newest: number) => mean + NEWEST * (newest - mean);
  return {
    isHeavy(shape: string) {
      const cost = costs.get(shape);
      return slots > 0 && cost !== undefined && heavyCost(cost);
    },
    /** Notes the size of an answer to a call of `shape` and the time its statements held the database. */
    answered(shape: string, bytes: number, databaseMs: number) {
      const mean = costs.get(shape);
      costs.delete(shape);
      costs.set(shape, mean ? { bytes: recent(mean.bytes, bytes), databaseMs: recent(mean.databaseMs, databaseMs) } : { bytes, databaseMs });
      if (costs.size > SHAPES) costs.delete(forgotten(costs));
    },
    /**
     * A heavy call of `caller` asks for a slot: `run` is called once it has one; false when it is
     * refused. A waiting call may later be refused for another caller's (`refuse`, then forgotten).
     */
    enter(request: FastifyRequest, caller: string, run: () => void, refuse: () => void): boolean {
      if (running.size < slots) {
        running.set(request, caller);
        run();
        return true;
      }
      if (waiting.size >= slots * HEAVY_WAITING_PER_SLOT && !bumpFor(caller)) return false;
      waiting.set(request, { caller, run, refuse });
      return true;
    },
    /** A call leaves its slot (answered, or its client gone) or its place in the wait; the first waiting one runs. */
    leave(request: FastifyRequest) {
      waiting.delete(request);
      if (!running.delete(request)) return;
      const next = waiting.entries().next().value;
      if (!next) return;
      waiting.delete(next[0]);
      running.set(next[0], next[1].caller);
      next[1].run();
    },
  };
}
