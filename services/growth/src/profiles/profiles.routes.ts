import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../http/app-instance.ts';
import { EnvelopeOf, ItemsOf, ok } from '../http/envelope.ts';
import { DeviceHeaders } from '../identity/identity.schemas.ts';
import { ProfileSchema } from './profiles.mapper.ts';
import {
  CreateProfileBody,
  DeleteProfileResult,
  ProfileIdParams,
  UpdateProfileBody,
} from './profiles.schemas.ts';
import type { ProfilesService } from './profiles.service.ts';

export const profilesRoutes: FastifyPluginAsyncTypebox<{ profiles: ProfilesService }> = async (
  app,
  { profiles },
) => {
  const tags = ['profiles'];

  app.get(
    '/profiles',
    {
      schema: { tags, headers: DeviceHeaders, response: { 200: EnvelopeOf(ItemsOf(ProfileSchema)) } },
      preHandler: app.authenticateUser,
    },
    async (request) => ok({ items: await profiles.listProfiles(currentUser(request).id) }),
  );

  app.post(
    '/profiles',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        body: CreateProfileBody,
        response: { 200: EnvelopeOf(ProfileSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await profiles.createProfile(currentUser(request).id, request.body)),
  );

  app.patch(
    '/profiles/:id',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: ProfileIdParams,
        body: UpdateProfileBody,
        response: { 200: EnvelopeOf(ProfileSchema) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) =>
      ok(await profiles.updateProfile(currentUser(request).id, request.params.id, request.body)),
  );

  app.delete(
    '/profiles/:id',
    {
      schema: {
        tags,
        headers: DeviceHeaders,
        params: ProfileIdParams,
        response: { 200: EnvelopeOf(DeleteProfileResult) },
      },
      preHandler: app.authenticateUser,
    },
    async (request) => ok(await profiles.deleteProfile(currentUser(request).id, request.params.id)),
  );
};
