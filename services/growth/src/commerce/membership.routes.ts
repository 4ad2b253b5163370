import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../http/app-instance.ts';
import { EnvelopeOf, ok } from '../http/envelope.ts';
import type { RouteHook } from '../http/rate-limits.ts';
import { MembershipMeSchema, RedeemBody } from './commerce.schemas.ts';
import type { MembershipService } from './membership.service.ts';

export interface MembershipRoutesOptions {
  membership: MembershipService;
  /** Redeem attempts per account and per client address. */
  redeemRateLimits: RouteHook;
}

export const membershipRoutes: FastifyPluginAsyncTypebox<MembershipRoutesOptions> = async (
  app,
  { membership, redeemRateLimits },
) => {
  const tags = ['commerce'];

  app.get(
    '/membership/me',
    {
      schema: { tags, response: { 200: EnvelopeOf(MembershipMeSchema) } },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await membership.getMembershipMe(currentUser(request).id)),
  );

  app.post(
    '/membership/redeem',
    {
      schema: {
        tags,
        description: 'Redeems a code for membership; answers the membership after redemption.',
        body: RedeemBody,
        response: { 200: EnvelopeOf(MembershipMeSchema) },
      },
      // The account is resolved first: attempts are counted per account as well as per address.
      preHandler: [app.authenticateUser, redeemRateLimits],
    },
    async (request) => ok(await membership.redeem(currentUser(request).id, request.body.code)),
  );
};
