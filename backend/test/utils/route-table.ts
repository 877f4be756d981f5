/**
 * The app's route table, read from the controllers' metadata (what Nest itself routes by): every handler's
 * method and path with its declared access rule (@Public, @OptionalAuth, @Roles) and site switches.
 */
import { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, SSE_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { Role, SiteSwitch } from '@oj/contracts';
import { IS_OPTIONAL_AUTH, IS_PUBLIC, REQUIRE_SWITCH, ROLES } from '../../src/core/auth/decorators';

export interface RouteRule {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Full path, e.g. /api/admin/problem/get-problem-list. */
  path: string;
  /** Controller.handler, for messages. */
  handler: string;
  access: 'public' | 'optional' | 'login';
  /** Roles of @Roles (on the handler, else on the class); undefined when none is declared. */
  roles?: Role[];
  switches: SiteSwitch[];
  sse: boolean;
}

const METHODS: Partial<Record<RequestMethod, RouteRule['method']>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.DELETE]: 'DELETE',
  [RequestMethod.PATCH]: 'PATCH',
};

const join = (...parts: string[]) =>
  '/' +
  parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');

export function routeTable(app: INestApplication): RouteRule[] {
  const routes: RouteRule[] = [];
  const seen = new Set<unknown>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...a: unknown[]) => unknown) | undefined;
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const base = (Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined) ?? '';
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const fn = proto[name];
        if (name === 'constructor' || typeof fn !== 'function') continue;
        const verb = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
        const sub = Reflect.getMetadata(PATH_METADATA, fn) as string | string[] | undefined;
        if (verb === undefined || sub === undefined) continue;
        const method = METHODS[verb];
        if (!method) throw new Error(`${controller.name}.${name}: method ${verb} not covered by the matrix`);
        const meta = <T>(key: string): T | undefined =>
          (Reflect.getMetadata(key, fn) ?? Reflect.getMetadata(key, controller)) as T | undefined;
        for (const b of [base].flat()) {
          for (const s of [sub].flat()) {
            routes.push({
              method,
              path: join('api', b, s),
              handler: `${controller.name}.${name}`,
              access: meta<boolean>(IS_PUBLIC) ? 'public' : meta<boolean>(IS_OPTIONAL_AUTH) ? 'optional' : 'login',
              roles: meta<Role[]>(ROLES),
              switches: meta<SiteSwitch[]>(REQUIRE_SWITCH) ?? [],
              sse: !!Reflect.getMetadata(SSE_METADATA, fn),
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => (a.path + a.method).localeCompare(b.path + b.method));
}
