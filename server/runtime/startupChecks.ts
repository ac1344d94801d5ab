/** Checks run before anything is opened, so a misconfigured server stops with one clear line. */
import type { ServerConfig } from '../config';
import { ownMessages } from '../../src/messages';
import { adminSettingsProblem } from '../auth/bootstrap';

export const MIN_SESSION_SECRET = 32;

/**
 * In production the cookie-signing secret must come from the operator: the generated fallback
 * lives in the database, so anyone with a copy of a backup could forge sessions.
 */
export function sessionSecretProblem(config: Pick<ServerConfig, 'production' | 'sessionSecret'>): string | undefined {
  if (!config.production) return undefined;
  return (config.sessionSecret?.length ?? 0) >= MIN_SESSION_SECRET ? undefined : ownMessages.weakSessionSecret;
}

/** The problem of a numeric setting that must be above 0 (and whole, when `whole`), or undefined. */
function positive(name: string, value: number, whole: boolean): string | undefined {
  const ok = value > 0 && (whole ? Number.isInteger(value) : Number.isFinite(value));
  return ok ? undefined : ownMessages.invalidSetting(name, String(value));
}

/** The problem of a numeric setting that must be a whole number, 0 (off) or more, or undefined. */
function wholeOrOff(name: string, value: number): string | undefined {
  return Number.isInteger(value) && value >= 0 ? undefined : ownMessages.invalidSetting(name, String(value));
}

export function startupProblems(config: ServerConfig): string[] {
  const port = config.port;
  const problems = [
    sessionSecretProblem(config),
    adminSettingsProblem(config),
    Number.isInteger(port) && port >= 0 && port < 65536 ? undefined : ownMessages.invalidSetting('PORT', String(port)),
    positive('PUCS_MAX_UPLOAD_MB', config.maxUploadMb, false),
    positive('PUCS_UPLOAD_IDLE_SECONDS', config.uploadIdleSeconds, false),
    // A fleet told 0, a negative or NaN (answered as null) would poll without pause.
    positive('PUCS_DEVICE_POLL_SECONDS', config.devicePollSeconds, true),
    positive('PUCS_QR_INFO_PER_MINUTE', config.qrInfoPerMinute, true),
    positive('PUCS_DEMO_DEVICES', config.demoDevices, true),
    positive('PUCS_WORKERS', config.workers, true),
    // 0 or NaN would remove every entry at the next round of the retention.
    positive('PUCS_AUDIT_DAYS', config.auditDays, true),
    // A negative value made links already expired, NaN failed every user created without a password.
    positive('PUCS_INVITATION_DAYS', config.invitationDays, true),
    // Overload (server/http/loadShedding.ts): NaN would make every whole list a 400, 0 every one empty.
    positive('PUCS_MAX_LIST', config.maxList, true),
    positive('PUCS_MAX_EMBEDDED_LIST', config.maxEmbeddedList, true),
    // 0: no limit, never refused for the event loop's lag (docs/OPERATIONS.md, "Overload").
    wholeOrOff('PUCS_MAX_INFLIGHT', config.maxInflight),
    wholeOrOff('PUCS_MAX_DEVICE_INFLIGHT', config.maxDeviceInflight),
    wholeOrOff('PUCS_MAX_LAG_MS', config.maxLagMs),
    wholeOrOff('PUCS_MAX_HEAVY', config.maxHeavy),
    // 0: this process runs no rollout engine (server/rollouts/loop.ts); NaN would never step one.
    wholeOrOff('PUCS_ROLLOUT_TICK_MS', config.rolloutTickMs),
    // 0 or NaN would tell no device of a phase, and let none of an abort go.
    positive('PUCS_ROLLOUT_CHUNK', config.rolloutChunk, true),
    // PGlite is one process's memory: a second process cannot open it.
    config.workers > 1 && !config.databaseUrl ? ownMessages.workersNeedPostgres : undefined,
  ];
  return problems.filter((p): p is string => p !== undefined);
}
