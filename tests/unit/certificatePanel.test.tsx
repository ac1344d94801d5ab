/**
 * The device form's certificate block against a fake /api: the two buttons for admins of an
 * existing device only, each saving its file under the server's name with a cache-busting r.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { CertificatePanel } from '../../src/resources/device/CertificatePanel';
import { installFetch } from './fetchMock';

const category = mustGetCategory('device');
const panel = (props: { record?: { id: number }; isAdmin: boolean }) =>
  render(<CertificatePanel category={category} record={props.record} mode="view" isAdmin={props.isAdmin} refresh={() => {}} />);

// jsdom has no object URLs: URL lends the two functions to this file's tests only.
const savedUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = savedUrl.create;
  URL.revokeObjectURL = savedUrl.revoke;
});

describe('CertificatePanel', () => {
  it('shows nothing to plain members or while adding', () => {
    panel({ record: { id: 7 }, isAdmin: false });
    panel({ isAdmin: true });
    expect(screen.queryByText(ownMessages.downloadCertificate)).toBeNull();
    expect(screen.queryByText(ownMessages.downloadPrivateKey)).toBeNull();
  });

  it('downloads the certificate and the key under the names the server gives', async () => {
    const calls = installFetch(({ url }) => {
      const name = url.pathname.includes('private_key') ? 'device-7.key.pem' : 'device-7.crt.pem';
      return new Response('-----BEGIN-----', { headers: { 'content-disposition': `attachment; filename="${name}"` } });
    });
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    panel({ record: { id: 7 }, isAdmin: true });
    fireEvent.click(screen.getByText(ownMessages.downloadCertificate));
    await waitFor(() => expect(saved).toEqual(['device-7.crt.pem']));
    await waitFor(() => expect(screen.getByText(ownMessages.downloadPrivateKey).closest('button')?.disabled).toBe(false));
    fireEvent.click(screen.getByText(ownMessages.downloadPrivateKey));
    await waitFor(() => expect(saved).toEqual(['device-7.crt.pem', 'device-7.key.pem']));
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/download/certificate/7', '/api/download/private_key/7']);
    expect(calls.every((c) => c.url.searchParams.get('r'))).toBe(true);
  });
});
