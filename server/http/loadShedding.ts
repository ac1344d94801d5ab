/**
 * Overload (issue 12): a request that would wait long answers 503 with Retry-After at once, before
 * any work, instead of joining a queue that answers after seconds. Two measures, for the two places
 * requests wait:
 * - in flight: the /api requests this process is working on, counted from their body's end (once
 *   it is read: a client dribbling its body holds no place) until their answer starts (a download's
 *   or an export's streaming then no longer counts); beyond `config.maxInflight` (PostgreSQL:
 *   requests waiting for a pooled connection). The device API's are counted apart, beyond
 *   `config.maxDeviceInflight`: a check-in is a few statements' work, read and written many at a
 *   time, so a fleet calling at once waits milliseconds, and devices take no place of the console's;
 * - the event loop's turn: the embedded database runs each statement on this thread, so a request
 *   is worked on to its end before the next one is even read, and the queue is of unread requests in
 *   the sockets. When the loop has not run its timers for `config.maxLagMs` and has let more than
 *   LAG_CROWD requests in since (bodies read), the requests read in that turn from connections are
 *   refused (cheaply: the queue drains); a lone user never meets it;
 * - heavy work: a few big answers hold the server as long as many requests, and never reach the
 *   count; calls whose recent answers are big or held the database long take one of `config.maxHeavy` slots, a few wait for
 *   one, the rest are refused, while light calls go on between them (heavyWork.ts).
 * The console's files and pages are never refused (the pages the server would draw from the
 * database then go undrawn: `app.shedding()`).
 *
 * Each counted request also gets the AbortSignal of server/db/clientGone.ts, fired when its
 * connection closes before the answer is sent: its statements that have not started by then are not
 * run, and what it would have answered is not sent. The same context counts its database time.
 */
import fp from 'fastify-plugin';
import { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownMessages } from '../../src/messages';
import { asRequestWork, givingWay, type RequestWork } from '../db/clientGone';
import { DEVICE_API_PREFIX } from '../deviceApi/wire';
import { callShape, heavyWork } from './heavyWork';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the next API request would be refused as busy: the pages the server draws are then left to the script (server/routes/drawnPages.tsx). */
    shedding(): boolean;
  }
}

/** Seconds a refused client is asked to wait. */
export const RETRY_AFTER_SECONDS = 1;

/** The console's calls and the devices' ones; by the route reached or, without one (a 404), the raw address. */
function isWork(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? request.url;
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/api?') || path.startsWith(`${DEVICE_API_PREFIX}/`);
}

/**
 * A device's calls are never heavy: each reads and writes one device's own state and a fleet's are
 * paced by its poll interval, while a slow one (the first after a start, a configuration written on
 * a loaded machine) would make the shape of every device's check-in heavy, holding a fleet to a few
 * check-ins at once and refusing the rest.
 */
const isDeviceCall = (request: FastifyRequest) => (request.routeOptions.url ?? request.url).startsWith(`${DEVICE_API_PREFIX}/`);

/** A read: a GET, or its HEAD, which does the same work (Fastify runs the GET's handler) and only sends no body. */
const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/** Who makes a call, for the heavy calls' fair share: the signed-in user, else the address it comes from. */
const callerOf = (request: FastifyRequest) => (request.user ? `user ${request.user.id}` : `address ${request.ip}`);

export function busyAnswer(reply: FastifyReply) {
  return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ Description: ownMessages.serverBusy });
}

/** The answer to a ClientGoneError: none when this request's client has gone, else (work shared with a gone one) busy. */
export function clientGoneAnswer(request: FastifyRequest, reply: FastifyReply) {
  if (works.get(request)?.signal.aborted) return reply.hijack();
  return busyAnswer(reply);
}

const works = new WeakMap<FastifyRequest, RequestWork>();
/** How each counted request leaves the count of requests in flight. */
const leavers = new WeakMap<FastifyRequest, () => void>();

/**
 * A request that from now on only waits (a wrong password's delay, server/auth/signInLimits.ts)
 * holds no place among the requests in flight: guessers kept waiting must not make others' requests
 * refused as busy.
 */
export function onlyWaits(request: FastifyRequest): void {
  leavers.get(request)?.();
}

/** Requests let in during a stalled turn beyond which the next ones read in it are refused. */
export const LAG_CROWD = 8;

/** How often the event loop's turn is noted (ms). */
const TURN_PERIOD_MS = 20;

/** Requests in flight of one kind (the console's or the devices'), at most `limit` (0: no limit). */
function inFlightCount(limit: number) {
  let count = 0;
  return {
    full: () => limit > 0 && count >= limit,
    enter: () => void count++,
    leave: () => void count--,
  };
}

export const loadShedding = fp(async (app) => {
  const consoleCalls = inFlightCount(app.config.maxInflight);
  const deviceCalls = inFlightCount(app.config.maxDeviceInflight);
  const countOf = (request: FastifyRequest) => (isDeviceCall(request) ? deviceCalls : consoleCalls);
  const maxLag = app.config.maxLagMs;
  const heavy = heavyWork(app.config.maxHeavy);
  const shapes = new WeakMap<FastifyRequest, string>();
  const heavyOnes = new WeakSet<FastifyRequest>();
  /** Goes on with a counted request's work, as its client's, and giving way to others if heavy. */
  const resume = (request: FastifyRequest, work: RequestWork, done: () => void) =>
    asRequestWork(work, heavyOnes.has(request) ? () => givingWay(done) : done);
  let lastTurn = performance.now();
  let letInSinceTurn = 0;
  const turns = setInterval(() => {
    lastTurn = performance.now();
    letInSinceTurn = 0;
  }, TURN_PERIOD_MS);
  turns.unref();
  app.addHook('onClose', async () => clearInterval(turns));
  /**
   * Only a request read from a connection can have waited unread (one made in the process, as tests
   * do, cannot); and only in a crowd: a lone user's calls on a busy machine are never refused for it.
   */
  const stalled = () => maxLag > 0 && letInSinceTurn > LAG_CROWD && performance.now() - lastTurn > maxLag;
  const lagging = (request: FastifyRequest) => request.raw.socket instanceof Socket && stalled();
  const counted = new WeakSet<FastifyRequest>();
  const release = (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    countOf(request).leave();
    heavy.leave(request);
  };

  app.decorate('shedding', () => consoleCalls.full() || stalled());

  // From the head: the client-gone signal, so that a client leaving while its body is read is seen.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isWork(request)) return done();
    const gone = new AbortController();
    const work: RequestWork = { signal: gone.signal, databaseMs: 0 };
    works.set(request, work);
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
      release(request);
    });
    asRequestWork(work, done);
  });
  // Counted (and refused) only once the body is read: a client dribbling its body holds no place.
  app.addHook('preValidation', (request, reply, done) => {
    const work = works.get(request);
    if (!work) return done();
    const count = countOf(request);
    if (count.full() || lagging(request)) return void busyAnswer(reply);
    count.enter();
    if (request.raw.socket instanceof Socket) letInSinceTurn++;
    counted.add(request);
    leavers.set(request, () => release(request));
    // Only reads are heavy: a write is a user's own change, one object at a time, never refused
    // as busy because its statements were slow on a loaded machine (8 racing creates answered 503);
    // nor a device's calls (a few slow check-ins made the next ones at once answer 503).
    if (isDeviceCall(request) || !isRead(request)) return asRequestWork(work, done);
    const shape = callShape(request);
    shapes.set(request, shape);
    if (!heavy.isHeavy(shape)) return asRequestWork(work, done);
    heavyOnes.add(request);
    // Its work starts once it has a slot, on a later turn: the requests read meanwhile (light ones
    // among them) are read first. Refused, it is counted no more.
    const refuse = () => {
      release(request);
      busyAnswer(reply);
    };
    if (heavy.enter(request, callerOf(request), () => setImmediate(() => resume(request, work, done)), refuse)) return;
    refuse();
  });
  // The request body is read between the hooks: the handler gets the signal again.
  app.addHook('preHandler', (request, _reply, done) => {
    const work = works.get(request);
    return work ? resume(request, work, done) : done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // The size and database time of a successful answer sent whole (one streamed after it starts is
    // sent in small pieces; an error's says nothing of the work, and must not make a heavy call look light).
    const shape = shapes.get(request);
    const work = works.get(request);
    const whole = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (shape && work && counted.has(request) && reply.statusCode < 300 && whole) heavy.answered(shape, payload.length, work.databaseMs);
    release(request);
    done(null, payload);
  });
});
