/** OpenAPI descriptions of the certificate downloads (server/certs/routes.ts), listed by server/openapi/special.ts. */
import { ref } from '../openapi/jsonSchema';
import { errors, ID_PARAMS, json, type RouteDoc } from '../openapi/routes';

const CACHE_BUSTER = { type: 'object', properties: { r: { type: 'string', description: 'Ignored: makes each URL new to caches.' } } };

const pem = (what: string, filename: string) => ({
  description: `${what}, PEM, \`Content-Disposition: attachment; filename="${filename}"\`, \`Cache-Control: no-store\`.`,
  headers: { 'Content-Disposition': { description: `attachment; filename="${filename}"`, schema: { type: 'string' } } },
  content: { 'application/x-pem-file': { schema: { type: 'string' } } },
});

const deviceDownload = (what: 'certificate' | 'private_key', summary: string, file: string, made: string): RouteDoc => ({
  method: 'GET',
  url: `/api/download/${what}/:id`,
  schema: {
    operationId: `download_device_${what}`,
    summary,
    description:
      `Admins of the device's team only.${made ? ` ${made}` : ''} The device's certificate and key are made together on the first call to either ` +
      '(ECDSA P-256; the certificate signed by the server CA, subject `CN={device id}`, a URI SAN `urn:pucs:uid:{uid_for_type, percent-encoded}`, ' +
      'extended key usage clientAuth, valid 10 years) and answered the same from then on.',
    tags: ['device'],
    params: ID_PARAMS,
    querystring: CACHE_BUSTER,
    response: {
      '200': pem(summary.replace(/^Download the /, 'The '), file),
      ...errors('401'),
      '403': { description: "The caller is a member of the device's team but not an admin.", content: json(ref('Error')) },
      '404': { description: 'No such device, or one of a team the caller is not in (the same answer).', content: json(ref('Error')) },
    },
  },
});

export const CERTIFICATE_ROUTES: RouteDoc[] = [
  deviceDownload('certificate', "Download the device's client certificate", 'device-{id}.crt.pem', ''),
  deviceDownload(
    'private_key',
    "Download the device's private key",
    'device-{id}.key.pem',
    'PKCS#8. The server keeps it encrypted (AES-256-GCM) under a key derived from `PUCS_SESSION_SECRET`, else from `key-encryption.secret` in `PUCS_DATA_DIR`.',
  ),
  {
    method: 'GET',
    url: '/api/download/ca_certificate',
    schema: {
      operationId: 'download_ca_certificate',
      summary: "Download the server's CA certificate",
      description: 'Any signed-in user. The CA that signs device certificates: `PUCS_CA_CERT`, else the one made in `PUCS_DATA_DIR/ca` when first needed.',
      tags: ['device'],
      querystring: CACHE_BUSTER,
      response: { '200': pem('The CA certificate', 'pucs-ca.crt.pem'), ...errors('401') },
    },
  },
];
