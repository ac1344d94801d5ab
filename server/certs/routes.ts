/**
 * Certificate downloads: a device's certificate and private key (admins of its team only: a plain
 * member gets 403, anyone else the 404 of an unknown id) and the CA certificate (any signed-in
 * user, so that a device's peer can check a client certificate). Never cached by anyone.
 */
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { ownMessages } from '../../src/messages';
import { isTeamAdmin } from '../auth/sessionUser';
import { notFoundError, requireUser } from '../crud/access';
import { selectVisible } from '../crud/read';
import { parseId } from '../crud/routes';
import { forbidden } from '../http/errors';
import { certificateService, type CertificateService } from './service';

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

export const certificateRoutes = fp(
  async (app) => {
    app.decorate('certs', await certificateService(app.config, app.db));

    const credentials = async (user: Parameters<typeof requireUser>[0], rawId: string) => {
      const caller = requireUser(user);
      const id = parseId(rawId);
      const [row] = await selectVisible(app.db, caller, app.registry.get(DEVICE_CATEGORY), ['team_id', 'uid_for_type'], (p) => [`"t"."id" = ${p.add(id)}`]);
      if (!row) throw notFoundError();
      if (!isTeamAdmin(caller, Number(row.team_id))) throw forbidden(ownMessages.certificateAdminsOnly);
      const credentials = await app.certs.device(app.db, id, String(row.uid_for_type ?? ''));
      // A claim may have moved the device to another team since the check (it drops the stored key
      // in the same transaction): a key read or made after that belongs to the new team, not the caller.
      const { rows } = await app.db.query<{ team_id: number }>('SELECT "team_id" FROM "device" WHERE "id" = $1', [id]);
      if (rows[0]?.team_id !== Number(row.team_id)) throw notFoundError();
      return { id, ...credentials };
    };

    type WithId = { Params: { id: string } };
    app.get<WithId>('/api/download/certificate/:id', async (request, reply) => {
      const { id, certPem } = await credentials(request.user, request.params.id);
      return sendPem(reply, `device-${id}.crt.pem`, certPem);
    });
    app.get<WithId>('/api/download/private_key/:id', async (request, reply) => {
      const { id, keyPem } = await credentials(request.user, request.params.id);
      return sendPem(reply, `device-${id}.key.pem`, await keyPem());
    });
    app.get('/api/download/ca_certificate', async (request, reply) => {
      requireUser(request.user);
      return sendPem(reply, 'pucs-ca.crt.pem', (await app.certs.ca()).certPem);
    });
  },
  { name: 'pucs-certificates', fastify: '5.x' },
);
