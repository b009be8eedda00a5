import { idString } from '@cp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../http/access';
import { ok } from '../http/reply';

export const vehicleTags = ['车辆管理'];
/** `:id` of a vehicle or record route. */
export const idParams = z.strictObject({ id: idString });
export const idOf = (params: unknown) => Number((params as { id: string }).id);

/**
 * Registers the vehicle routes' actions: `POST url` on a row `:id`, allowed to the holders of `button`, with a
 * body checked against `body`; `run` does the work and its result is the answer's data.
 */
export function actionRoutes(app: FastifyInstance) {
  return <S extends z.ZodType>(
    url: string,
    button: string,
    summary: string,
    body: S,
    run: (id: number, input: z.infer<S>, request: FastifyRequest) => Promise<unknown>,
  ) =>
    app.post(
      url,
      { config: { access: access.permission(button) }, schema: { summary, tags: vehicleTags, params: idParams, body } },
      async (request) => ok(await run(idOf(request.params), request.body as z.infer<S>, request)),
    );
}
