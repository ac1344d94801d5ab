/**
 * The X.509 work of the certificate authority and the device certificates, in one place so that
 * the @peculiar/x509 set-up (reflect-metadata first, then Node's WebCrypto) happens once.
 */
import 'reflect-metadata';
import { createPrivateKey, createPublicKey, randomBytes, webcrypto, X509Certificate } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { ownMessages } from '../../src/messages';

x509.cryptoProvider.set(webcrypto as Crypto);

const EC_P256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const RSA_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const YEAR_MS = 365.25 * 24 * 3600 * 1000;
export const CA_YEARS = 20;
export const DEVICE_YEARS = 10;

export interface CertificateAuthority {
  certificate: x509.X509Certificate;
  privateKey: CryptoKey;
  /** How the CA signs: ECDSA P-256 for the CA we create; a given CA's RSA key signs with SHA-256 too. */
  algorithm: typeof EC_P256 | typeof RSA_SHA256;
}

/** A positive serial of 128 random bits (RFC 5280: at most 20 octets, unpredictable). */
const serial = () => {
  const bytes = randomBytes(16);
  bytes[0] &= 0x7f;
  return bytes.toString('hex');
};

const validity = (years: number) => {
  // A minute back: a device whose clock is slightly behind still accepts a certificate made just now.
  const notBefore = new Date(Date.now() - 60_000);
  return { notBefore, notAfter: new Date(notBefore.getTime() + years * YEAR_MS) };
};

const pkcs8Pem = async (key: CryptoKey) => x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');

/** A new self-signed CA (ECDSA P-256), as PEM texts. */
export async function createCaPem(commonName: string): Promise<{ certPem: string; keyPem: string }> {
  const keys = (await webcrypto.subtle.generateKey(EC_P256, true, ['sign', 'verify'])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${commonName}`,
    ...validity(CA_YEARS),
    signingAlgorithm: EC_P256,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certPem: certificate.toString('pem'), keyPem: await pkcs8Pem(keys.privateKey) };
}

const spki = (key: ReturnType<typeof createPublicKey>) => key.export({ type: 'spki', format: 'der' });

/** The CA of PEM texts (the key in PKCS#8, SEC1 or PKCS#1 form; EC P-256 or RSA), checked to be a pair. */
export async function loadCa(certPem: string, keyPem: string): Promise<CertificateAuthority> {
  const certificate = new x509.X509Certificate(certPem);
  // A leaf certificate given by mistake would sign device certificates that no verifier accepts.
  if (!new X509Certificate(certPem).ca) throw new Error(ownMessages.caCertNotCa);
  const key = createPrivateKey(keyPem);
  const der = key.export({ type: 'pkcs8', format: 'der' });
  const algorithm = key.asymmetricKeyType === 'rsa' ? RSA_SHA256 : EC_P256;
  if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error(ownMessages.caKeyUnsupported);
  // Certificates signed by a key that is not the CA's would verify against nothing.
  if (!spki(createPublicKey(key)).equals(spki(new X509Certificate(certPem).publicKey))) throw new Error(ownMessages.caKeyMismatch);
  const privateKey = await webcrypto.subtle.importKey('pkcs8', der, algorithm, false, ['sign']);
  return { certificate, privateKey, algorithm };
}

/**
 * A device's key pair and client certificate: CN = the device id (what identifies it), the uid as
 * a URI SAN (urn:pucs:uid:..., percent-encoded, as any text may be a uid), clientAuth only.
 */
export async function createDevicePem(ca: CertificateAuthority, deviceId: number, uid: string): Promise<{ certPem: string; keyPem: string }> {
  const keys = (await webcrypto.subtle.generateKey(EC_P256, true, ['sign', 'verify'])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${deviceId}`,
    issuer: ca.certificate.subject,
    ...validity(DEVICE_YEARS),
    signingAlgorithm: ca.algorithm,
    publicKey: keys.publicKey,
    signingKey: ca.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
      new x509.SubjectAlternativeNameExtension([{ type: 'url', value: `urn:pucs:uid:${encodeURIComponent(uid)}` }]),
      await x509.AuthorityKeyIdentifierExtension.create(ca.certificate),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certPem: certificate.toString('pem'), keyPem: await pkcs8Pem(keys.privateKey) };
}
