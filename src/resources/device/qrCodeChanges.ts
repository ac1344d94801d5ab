/**
 * The QR code block and the label panel of one device form are separate panels: when an admin
 * generates or replaces the QR code, the label preview (which draws that code) must be asked again.
 */
import { useEffect, useState } from 'react';
import type { Identifier } from 'react-admin';

const listeners = new Set<(deviceId: Identifier) => void>();

/** Called once the server answered a new QR code for the device. */
export function announceQrCodeChange(deviceId: Identifier) {
  for (const listener of listeners) listener(deviceId);
}

/** A number that grows each time the device's QR code changes while the form is open. */
export function useQrCodeVersion(deviceId: Identifier | undefined): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const listener = (changed: Identifier) => {
      if (String(changed) === String(deviceId)) setVersion((v) => v + 1);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [deviceId]);
  return version;
}
