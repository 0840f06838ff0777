import { signedIn } from '@civic/core/common/access';
import { CoreApi } from '@civic/core/common/api-paths';
import { buildOpenApiDocument, type OpenApiDocument } from '../http/openapi-document';
import type { RegisteredRoute, RouteAdder } from '../http/route-registry';

/**
 * GET /api/v1/openapi.json: the machine-readable API reference, for signed-in users (integrators
 * sign in like anyone else; the API surface is not advertised to anonymous callers).
 */
export function registerOpenApiRoute(routes: RouteAdder, listRoutes: () => readonly RegisteredRoute[], version: string): void {
  let document: OpenApiDocument | undefined;
  routes.add({
    method: 'GET',
    url: CoreApi.openApi,
    access: signedIn,
    envelope: false,
    renewToken: 'never',
    description: 'The OpenAPI 3.1 document of every mounted route, with body and query schemas from their DTOs',
    handler: (): OpenApiDocument => (document ??= buildOpenApiDocument(listRoutes(), version)),
  });
}
