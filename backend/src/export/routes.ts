import type { FastifyInstance } from 'fastify';

import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import type { ImageStorage } from '../storage/image-storage';
import { buildExport, exportFileName } from './service';

/** `내 데이터 내려받기` (issue 16): the signed-in member's own data as one ZIP (an addition to the wire). */
export async function exportRoutes(
  app: FastifyInstance,
  options: { db: Db; images: ImageStorage },
): Promise<void> {
  const { db, images } = options;

  app.get('/api/member/export', async (request, reply) => {
    const member = requireMember(request);
    const zip = await buildExport(db, images, member.id, (imageKey, error) =>
      request.log.warn({ err: error, imageKey }, 'export: post image unreadable; left out'),
    );
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${exportFileName()}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  });
}
