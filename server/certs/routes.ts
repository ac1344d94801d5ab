/**
 * Certificate downloads: a device's certificate and private key (admins of its team only: a plain
 * member gets 403, anyone else the 404 of an unknown id) and the CA certificate (any signed-in
 * user, so that a device's peer can check a client certificate). Never cached by anyone.
 */
import { audit } from '../audit/record';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownMessages } from '../../src/messages';
import { isTeamAdmin } from '../auth/sessionUser';
import { notFoundError, requireUser } from '../crud/access';
import { selectVisible } from '../crud/read';
import { forbidden } from '../http/errors';
import { answers, CACHE_BUSTER, error, errors, ID_PARAMS, text, type ResponseDoc } from '../openapi/contract';
import { certificateService, type CertificateService, type DeviceCredentials } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    certs: CertificateService;
  }
}

export const DEVICE_CATEGORY = 'device';

const sendPem = (reply: FastifyReply, filename: string, pem: string) =>
  reply
    .header('Content-Type', 'application/x-pem-file')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .send(pem);

const pem = (what: string, filename: string): ResponseDoc => ({
  description: `${what}, PEM, \`Content-Disposition: attachment; filename="${filename}"\`, \`Cache-Control: no-store\`.`,
  headers: { 'Content-Disposition': { description: `attachment; filename="${filename}"`, schema: z.string() } },
  content: text('application/x-pem-file'),
});

const deviceDownload = (what: 'certificate' | 'private_key', summary: string, file: string, made: string) => ({
  operationId: `download_device_${what}`,
  summary,
  description:
    `Admins of the device's team only.${made ? ` ${made}` : ''} The device's certificate and key are made together on the first call to either ` +
    '(ECDSA P-256; the certificate signed by the server CA, subject `CN={device id}`, a URI SAN `urn:pucs:uid:{uid_for_type, percent-encoded}`, ' +
    'extended key usage clientAuth, valid 10 years) and answered the same from then on.',
  tags: ['device'],
  params: ID_PARAMS,
  querystring: CACHE_BUSTER,
  response: answers({
    200: pem(summary.replace(/^Download the /, 'The '), file),
    ...errors('401'),
    403: error("The caller is a member of the device's team but not an admin."),
    404: error('No such device, or one of a team the caller is not in (the same answer).'),
  }),
});

const CERTIFICATE_SCHEMA = deviceDownload('certificate', "Download the device's client certificate", 'device-{id}.crt.pem', '');
const PRIVATE_KEY_SCHEMA = deviceDownload(
  'private_key',
  "Download the device's private key",
  'device-{id}.key.pem',
  'PKCS#8. The server keeps it encrypted (AES-256-GCM) under a key derived from `PUCS_SESSION_SECRET`, else from `key-encryption.secret` in `PUCS_DATA_DIR`.',
);
const CA_SCHEMA = {
  operationId: 'download_ca_certificate',
  summary: "Download the server's CA certificate",
  description: 'Any signed-in user. The CA that signs device certificates: `PUCS_CA_CERT`, else the one made in `PUCS_DATA_DIR/ca` when first needed.',
  tags: ['device'],
  querystring: CACHE_BUSTER,
  response: answers({ 200: pem('The CA certificate', 'pucs-ca.crt.pem'), ...errors('401') }),
};

export const certificateRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.decorate('certs', await certificateService(app.config, app.db));

    /**
     * The PEM `pick` takes from the device's credentials, for an admin of its team; `action` is the
     * download's audit entry. One transaction makes (or reads) the credentials, takes the PEM and
     * writes the entry, before anything is answered: credentials made have their entry, and a call
     * that fails (an entry refused, a key that cannot be opened) leaves neither.
     */
    const download = async (user: Parameters<typeof requireUser>[0], id: number, action: string, pick: (made: DeviceCredentials) => Promise<string>) => {
      const caller = requireUser(user);
      const device = app.registry.get(DEVICE_CATEGORY);
      const [row] = await selectVisible(app.db, caller, device, ['team_id', 'uid_for_type', 'name'], (p) => [`"t"."id" = ${p.add(id)}`]);
      if (!row) throw notFoundError();
      if (!isTeamAdmin(caller, Number(row.team_id))) throw forbidden(ownMessages.certificateAdminsOnly);
      return app.db.transaction(async (tx) => {
        // A claim may have moved the device to another team since the check (it drops the stored key
        // in its transaction): the lock holds it off until this download is answered, and a moved device is not the caller's.
        const { rows } = await tx.query<{ team_id: number }>('SELECT "team_id" FROM "device" WHERE "id" = $1 FOR SHARE', [id]);
        if (rows[0]?.team_id !== Number(row.team_id)) throw notFoundError();
        // A device's first credentials are made by their first download: a write, which a read-only API token may not do.
        if (caller.token?.readOnly) {
          const { rows: made } = await tx.query('SELECT 1 FROM device_certificate WHERE device_id = $1', [id]);
          if (made.length === 0) throw forbidden(ownMessages.tokenReadOnly);
        }
        const answer = await pick(await app.certs.device(tx, id, String(row.uid_for_type ?? '')));
        await audit(tx, { by: caller, action, category: device.key, id, name: row.name as string, team: rows[0].team_id });
        return answer;
      });
    };

    app.get('/api/download/certificate/:id', { schema: CERTIFICATE_SCHEMA }, async (request, reply) => {
      const certPem = await download(request.user, request.params.id, 'download_certificate', async (made) => made.certPem);
      return sendPem(reply, `device-${request.params.id}.crt.pem`, certPem);
    });
    app.get('/api/download/private_key/:id', { schema: PRIVATE_KEY_SCHEMA }, async (request, reply) => {
      const keyPem = await download(request.user, request.params.id, 'download_private_key', (made) => made.keyPem());
      return sendPem(reply, `device-${request.params.id}.key.pem`, keyPem);
    });
    app.get('/api/download/ca_certificate', { schema: CA_SCHEMA }, async (request, reply) => {
      requireUser(request.user);
      return sendPem(reply, 'pucs-ca.crt.pem', (await app.certs.ca()).certPem);
    });
  },
  { name: 'pucs-certificates', fastify: '5.x' },
);
