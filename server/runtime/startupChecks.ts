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

export function startupProblems(config: ServerConfig): string[] {
  const port = config.port;
  const problems = [
    sessionSecretProblem(config),
    adminSettingsProblem(config),
    Number.isInteger(port) && port >= 0 && port < 65536 ? undefined : ownMessages.invalidSetting('PORT', String(port)),
    config.maxUploadMb > 0 && Number.isFinite(config.maxUploadMb) ? undefined : ownMessages.invalidSetting('PUCS_MAX_UPLOAD_MB', String(config.maxUploadMb)),
    config.uploadIdleSeconds > 0 && Number.isFinite(config.uploadIdleSeconds)
      ? undefined
      : ownMessages.invalidSetting('PUCS_UPLOAD_IDLE_SECONDS', String(config.uploadIdleSeconds)),
    // A fleet told 0, a negative or NaN (answered as null) would poll without pause.
    Number.isInteger(config.devicePollSeconds) && config.devicePollSeconds > 0
      ? undefined
      : ownMessages.invalidSetting('PUCS_DEVICE_POLL_SECONDS', String(config.devicePollSeconds)),
    Number.isInteger(config.qrInfoPerMinute) && config.qrInfoPerMinute > 0
      ? undefined
      : ownMessages.invalidSetting('PUCS_QR_INFO_PER_MINUTE', String(config.qrInfoPerMinute)),
  ];
  return problems.filter((p): p is string => p !== undefined);
}
