/** Server settings, read once from the environment. */
import { availableParallelism } from 'node:os';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  adminUser: string;
  adminPassword?: string;
  sessionSecret?: string;
  demo: boolean;
  /** Size of the demo fleet (PUCS_DEMO_DEVICES or `npm run demo -- --devices N`). */
  demoDevices: number;
  vendorSuffix: string;
  production: boolean;
  /**
   * Behind reverse proxies: how many (PUCS_TRUST_PROXY, usually 1) to trust for X-Forwarded-For/-Proto
   * (client address, https). The client address is the one the nearest trusted proxy saw, never an
   * X-Forwarded-For entry a client wrote itself. false: clients reach the server directly.
   */
  trustProxy: number | false;
  /** Directory of the built console (vite build output). */
  distDir: string;
  /** Directory for uploaded files. */
  filesDir: string;
  /** Largest uploaded file, in MB (2^20 bytes). */
  maxUploadMb: number;
  /** PEM files of the CA that signs device certificates; unset: one made in dataDir/ca (server/certs). */
  caCert?: string;
  caKey?: string;
  /** An upload whose client sends nothing for this long is cut off (its temporary file removed). */
  uploadIdleSeconds: number;
  /** Origin of the /qr links in QR codes; the request's origin when unset. */
  publicUrl?: string;
  /** The public QR page's contact link; none when neither PUCS_CONTACT_URL nor PUCS_CONTACT_EMAIL is set. */
  contactUrl?: string;
  /** Public QR info calls allowed per client address and minute (enumeration guard). */
  qrInfoPerMinute: number;
  /** How long an invitation link works (PUCS_INVITATION_DAYS, server/auth/invitations.ts). */
  invitationDays: number;
  /** The support user that PUT /api/add_pucs_user_to_team/ adds to a team (server/claim/supportUser.ts). */
  supportUser: string;
  /** How often a device is told to check in (poll_interval_s of the device API), in seconds. */
  devicePollSeconds: number;
  /** Server processes sharing the port (PUCS_WORKERS): one per core on PostgreSQL, 1 on the embedded database. */
  workers: number;
  /** Largest whole list GET /api/{cat} and GET /api/full/{cat} answer without a range (server/crud/listCap.ts). */
  maxList: number;
  /** Largest list embedded in each object of a list answer (GET /api/full/{cat}); a cut one says so (src/schemas/embeddedList.ts). */
  maxEmbeddedList: number;
  /** /api requests worked on at once in this process; more answer 503 (server/http/loadShedding.ts). 0: no limit. */
  maxInflight: number;
  /** Device API requests worked on at once in this process, counted apart from /api's; more answer 503. 0: no limit. */
  maxDeviceInflight: number;
  /** Heavy calls (big answers) worked on at once in this process; a few more wait, the rest answer 503 (server/http/heavyWork.ts). 0: no limit. */
  maxHeavy: number;
  /** A request arriving while the event loop has not had a turn for this long (ms), and has let a request in since, answers 503. 0: never. */
  maxLagMs: number;
  /** Audit entries older than this many days are removed (PUCS_AUDIT_DAYS, server/audit/retention.ts). */
  auditDays: number;
  /** How often the rollout engine steps the running rollouts, in ms (PUCS_ROLLOUT_TICK_MS, server/rollouts/loop.ts); 0: no engine in this process. */
  rolloutTickMs: number;
  /** Devices a rollout tells, or lets go, per transaction (PUCS_ROLLOUT_CHUNK, server/rollouts/targets.ts). */
  rolloutChunk: number;
  /** Set in each of several server processes: the first process did the start's one-time work (server/runtime/cluster.ts). */
  worker?: boolean;
}

/** How long an invitation link works (PUCS_INVITATION_DAYS), also for a write outside an app (no configuration). */
export const DEFAULT_INVITATION_DAYS = 7;

/** Requests in flight per process before shedding (docs/OPERATIONS.md, "Overload": how it was chosen). */
export const DEFAULT_MAX_INFLIGHT = 64;
/**
 * Device calls in flight per process before shedding: a check-in is a few statements' work, which
 * the server reads and writes many at a time, so a fleet's devices calling at once (200 in the
 * bench) wait milliseconds where the console's 64 pages would wait seconds (docs/OPERATIONS.md).
 */
export const DEFAULT_MAX_DEVICE_INFLIGHT = 1_000;

/**
 * Devices a rollout tells, or lets go, per transaction: a phase of 50,000 devices, or the abort of
 * 100,000, locks their rows (and holds the embedded database) this many at a time, a chunk being
 * tenths of a second of work on PostgreSQL (docs/ROLLOUTS.md, bench/rollouts.ts).
 */
export const DEFAULT_ROLLOUT_CHUNK = 5_000;

/** The value of `--name N` on the command line, if given. */
function argument(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(`--${name}`);
  if (at !== -1) return argv[at + 1] ?? '';
  return argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []): ServerConfig {
  const dataDir = env.PUCS_DATA_DIR || './data';
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    adminUser: env.PUCS_ADMIN_USER || 'admin',
    adminPassword: env.PUCS_ADMIN_PASSWORD || undefined,
    sessionSecret: env.PUCS_SESSION_SECRET || undefined,
    demo: env.PUCS_DEMO === '1',
    demoDevices: Number(argument(argv, 'devices') ?? (env.PUCS_DEMO_DEVICES || 2000)),
    vendorSuffix: env.PUCS_VENDOR_SUFFIX ?? '',
    production: env.NODE_ENV === 'production',
    trustProxy: /^[1-9]\d*$/.test(env.PUCS_TRUST_PROXY ?? '') ? Number(env.PUCS_TRUST_PROXY) : false,
    distDir: env.PUCS_DIST_DIR || 'dist',
    filesDir: env.PUCS_FILES_DIR || `${dataDir}/files`,
    maxUploadMb: Number(env.PUCS_MAX_UPLOAD_MB || 4096),
    caCert: env.PUCS_CA_CERT || undefined,
    caKey: env.PUCS_CA_KEY || undefined,
    uploadIdleSeconds: Number(env.PUCS_UPLOAD_IDLE_SECONDS || 120),
    publicUrl: env.PUCS_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    // An empty mailto: opens a blank message to nobody: the page then offers no contact link at all.
    contactUrl: env.PUCS_CONTACT_URL || (env.PUCS_CONTACT_EMAIL ? `mailto:${env.PUCS_CONTACT_EMAIL}` : undefined),
    qrInfoPerMinute: Number(env.PUCS_QR_INFO_PER_MINUTE || 60),
    invitationDays: Number(env.PUCS_INVITATION_DAYS || DEFAULT_INVITATION_DAYS),
    supportUser: env.PUCS_SUPPORT_USER || 'pucs-support',
    devicePollSeconds: Number(env.PUCS_DEVICE_POLL_SECONDS || 60),
    maxList: Number(env.PUCS_MAX_LIST || 10_000),
    maxEmbeddedList: Number(env.PUCS_MAX_EMBEDDED_LIST || 100),
    maxInflight: Number(env.PUCS_MAX_INFLIGHT || DEFAULT_MAX_INFLIGHT),
    maxDeviceInflight: Number(env.PUCS_MAX_DEVICE_INFLIGHT || DEFAULT_MAX_DEVICE_INFLIGHT),
    maxLagMs: Number(env.PUCS_MAX_LAG_MS || 500),
    maxHeavy: Number(env.PUCS_MAX_HEAVY || 1),
    auditDays: Number(env.PUCS_AUDIT_DAYS || 365),
    rolloutTickMs: Number(env.PUCS_ROLLOUT_TICK_MS || 1000),
    rolloutChunk: Number(env.PUCS_ROLLOUT_CHUNK || DEFAULT_ROLLOUT_CHUNK),
    workers: Number(env.PUCS_WORKERS || (env.DATABASE_URL ? availableParallelism() : 1)),
  };
}
