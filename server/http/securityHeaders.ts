/**
 * The security headers of every answer: helmet's with HELMET_OPTIONS, computed once and set by
 * server/routes/console.ts on every answer (@fastify/helmet built helmet's middlewares and parsed the
 * CSP again on every request: issue 28 item 8), the same set written by hand on the answers Node or
 * Fastify make before any route or hook runs (server/http/clientErrors.ts), and
 * Strict-Transport-Security over https only.
 */
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // ajv (@rjsf/validator-ajv8) compiles each JSON Schema to a function with new Function: the
      // custom field and provisioning forms validate schemas known only at run time (a type's).
      // hash-wasm compiles WebAssembly to hash a firmware file (src/resources/firmware/sha3.ts): said on its
      // own, as 'unsafe-eval' is there for ajv alone. Workers fall back to script-src: the hashing one is 'self'.
      scriptSrc: ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"],
      // MUI / emotion inject <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Icons are data: URLs; QR codes and labels may be rendered to blob: URLs.
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      // No upgrade-insecure-requests: the server is often reached over plain HTTP on a LAN address.
    },
  },
  // Sent by hstsOverHttps below, over https only.
  strictTransportSecurity: false,
} satisfies HelmetOptions;

/** Behind an HTTPS proxy it must not bind sibling hosts: no includeSubDomains. */
export const HSTS = 'max-age=15552000';

let computed: Record<string, string> | undefined;

/** The headers helmet gives every answer, as name -> value (computed once, as helmet would write them). */
export function securityHeaders(): Record<string, string> {
  if (!computed) {
    const headers: Record<string, string> = {};
    const res = {
      setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
      removeHeader: () => {},
    };
    helmet(HELMET_OPTIONS)({} as never, res as never, () => {});
    computed = headers;
  }
  return computed;
}

/** Sets helmet's headers (securityHeaders) on every answer of `app`'s routes, as @fastify/helmet did, without building them per request. */
export function helmetHeaders(app: FastifyInstance): void {
  const headers = Object.entries(securityHeaders());
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** Strict-Transport-Security on answers over https (request.protocol honours PUCS_TRUST_PROXY): a browser ignores it over http. */
export function hstsOverHttps(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });
}
