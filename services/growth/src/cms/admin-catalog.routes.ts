import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { adminActorOf } from '../admin/admin-access.ts';
import type { AdminActor } from '../admin/admin.service.ts';
import type { PermissionCode } from '../admin/permissions.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { EnvelopeOf, PageOf, ok } from '../http/envelope.ts';
import { PageQuery, type Page } from '../http/pagination.ts';

/** The use cases every console catalog offers: list, get by id, create, update, enable and disable. */
export interface AdminCatalogService<TItem, TCreate, TUpdate> {
  list(page: PageQuery): Promise<Page<TItem>>;
  get(id: string): Promise<TItem>;
  create(actor: AdminActor, body: TCreate): Promise<TItem>;
  update(actor: AdminActor, id: string, body: TUpdate): Promise<TItem>;
  setEnabled(actor: AdminActor, id: string, enabled: boolean): Promise<TItem>;
}

export interface AdminCatalogDefinition<
  TItem extends TSchema,
  TCreate extends TSchema,
  TUpdate extends TSchema,
> {
  /** e.g. `/admin/cms/banners`; item routes are `${path}/:id`. */
  path: string;
  tags: string[];
  read: PermissionCode;
  write: PermissionCode;
  item: TItem;
  create: TCreate;
  update: TUpdate;
  service: AdminCatalogService<Static<TItem>, Static<TCreate>, Static<TUpdate>>;
}

export const CatalogIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * Registers the six console routes of one catalog: `GET path`, `GET path/:id`, `POST path`, `PUT path/:id`,
 * `POST path/:id/enable`, `POST path/:id/disable`. Reads take the catalog's read permission, writes its write
 * permission; the services audit every write.
 */
export function registerAdminCatalogRoutes<
  TItem extends TSchema,
  TCreate extends TSchema,
  TUpdate extends TSchema,
>(app: AppInstance, catalog: AdminCatalogDefinition<TItem, TCreate, TUpdate>): void {
  const { path, tags, service } = catalog;
  // Widened to TSchema: the handlers' return types are checked against the service interface instead, because the
  // type provider cannot resolve a reply type from a generic schema. Serialisation still uses the full schema.
  const itemResponse: { 200: TSchema } = { 200: EnvelopeOf(catalog.item) };
  const pageResponse: { 200: TSchema } = { 200: EnvelopeOf(PageOf(catalog.item)) };
  const readAccess = { adminAccess: catalog.read };
  const writeAccess = { adminAccess: catalog.write };

  app.get(
    path,
    { config: readAccess, schema: { tags, querystring: PageQuery, response: pageResponse } },
    async (request) => ok(await service.list(request.query)),
  );

  app.get(
    `${path}/:id`,
    { config: readAccess, schema: { tags, params: CatalogIdParams, response: itemResponse } },
    async (request) => ok(await service.get(request.params.id)),
  );

  app.post(
    path,
    { config: writeAccess, schema: { tags, body: catalog.create, response: itemResponse } },
    async (request) => ok(await service.create(adminActorOf(request), request.body)),
  );

  app.put(
    `${path}/:id`,
    {
      config: writeAccess,
      schema: { tags, params: CatalogIdParams, body: catalog.update, response: itemResponse },
    },
    async (request) => ok(await service.update(adminActorOf(request), request.params.id, request.body)),
  );

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `${path}/:id/${action}`,
      { config: writeAccess, schema: { tags, params: CatalogIdParams, response: itemResponse } },
      async (request) => ok(await service.setEnabled(adminActorOf(request), request.params.id, enabled)),
    );
  }
}
