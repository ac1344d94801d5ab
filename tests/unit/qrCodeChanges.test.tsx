/**
 * The label preview is asked again when the QR code block of the same device form generates a
 * new code (src/resources/device/qrCodeChanges.ts), and not for another device's code.
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announceQrCodeChange, useQrCodeVersion } from '../../src/resources/device/qrCodeChanges';

const Version = ({ deviceId }: { deviceId: number }) => <span data-testid={`v${deviceId}`}>{useQrCodeVersion(deviceId)}</span>;

describe('QR code changes', () => {
  it('count for the device whose code changed only', () => {
    render(
      <>
        <Version deviceId={1} />
        <Version deviceId={2} />
      </>,
    );
    act(() => announceQrCodeChange(1));
    act(() => announceQrCodeChange('1'));
    expect(screen.getByTestId('v1').textContent).toBe('2');
    expect(screen.getByTestId('v2').textContent).toBe('0');
  });
});
