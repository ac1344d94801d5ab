import { describe, expect, it } from 'vitest';
import { loginHref, safeNextPath } from '../../src/custom/safeNextPath';
import { signInErrorMessage } from '../../src/custom/signInErrorMessage';
import { qrLoginHref, qrPageHref } from '../../src/custom/qrPaths';
import { HttpError } from '../../src/dataProvider/http';
import { ownMessages } from '../../src/messages';

const origin = 'https://pucs.example';

describe('safeNextPath (no open redirect)', () => {
  it('keeps paths of the console with their query and hash', () => {
    expect(safeNextPath('/devices', origin)).toBe('/devices');
    expect(safeNextPath('/qr?id=5', origin)).toBe('/qr?id=5');
    expect(safeNextPath('/device_view?id=3#x', origin)).toBe('/device_view?id=3#x');
  });

  it('sends anything else home', () => {
    for (const next of [
      null,
      undefined,
      '',
      'devices',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      '/login?next=/devices',
    ]) {
      expect(safeNextPath(next, origin), String(next)).toBe('/');
    }
  });

  it('builds the sign-in address with the next path encoded', () => {
    expect(loginHref('/qr?id=5')).toBe('/login?next=%2Fqr%3Fid%3D5');
  });
});

describe('signInErrorMessage', () => {
  it("shows the server's Description, else ours for the status", () => {
    expect(signInErrorMessage(new HttpError('x', 401, { Description: 'Wrong username or password.' }))).toBe(
      'Wrong username or password.',
    );
    expect(signInErrorMessage(new HttpError('x', 401, null))).toBe(ownMessages.wrongCredentials);
    expect(signInErrorMessage(new HttpError('x', 429, null))).toBe(ownMessages.tooManyAttempts);
    expect(signInErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});

describe('QR addresses', () => {
  it('carry the QR code id', () => {
    expect(qrPageHref('5')).toBe('/qr?id=5');
    expect(qrLoginHref('a&b')).toBe('/qr_code_page_login/?id=a%26b');
    expect(qrPageHref(undefined)).toBe('/qr');
  });
});
