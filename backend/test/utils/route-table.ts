/**
 * The app's route table, read from the controllers' metadata (what Nest itself routes by): every handler's
 * method and path with its declared access rule (@Public, @OptionalAuth, @Roles) and site switches.
 */
import { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA, SSE_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { getMetadataStorage } from 'class-validator';
import { ModulesContainer } from '@nestjs/core';
import type { Role, SiteSwitch } from '@oj/contracts';
import { IS_OPTIONAL_AUTH, IS_PUBLIC, PERMISSION_KEY, REQUIRE_SWITCH, ROLES } from '../../src/core/auth/decorators';

export interface RouteRule {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Full path, e.g. /api/admin/problem/get-problem-list. */
  path: string;
  /** Controller.handler, for messages. */
  handler: string;
  access: 'public' | 'optional' | 'login';
  /** Roles of @Roles (on the handler, else on the class); undefined when none is declared. */
  roles?: Role[];
  /** The stored permission the guard checks instead of `roles` (@Permission; a handler's own @Roles wins over its class's). */
  permission?: string;
  switches: SiteSwitch[];
  sse: boolean;
  /** Validated fields of the body and query DTOs: name → the class-validator rules on it (isInt, isString...). */
  bodyFields: Record<string, string[]>;
  queryFields: Record<string, string[]>;
}

type Ctor = new (...a: unknown[]) => unknown;

/** name → rule names of a DTO class, from class-validator's metadata (nested DTOs are not walked). */
function dtoFields(dto: unknown): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (typeof dto !== 'function' || [String, Number, Boolean, Object, Array].includes(dto as never)) return fields;
  for (const m of getMetadataStorage().getTargetValidationMetadatas(dto as Ctor, '', true, false)) {
    (fields[m.propertyName] ??= []).push(m.name ?? m.type);
  }
  return fields;
}

/** The DTO classes of a handler's @Body() and @Query() parameters. */
function dtosOf(controller: Ctor, name: string): { body: Record<string, string[]>; query: Record<string, string[]> } {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number; data?: string }>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? []) as unknown[];
  const out = { body: {} as Record<string, string[]>, query: {} as Record<string, string[]> };
  for (const [k, arg] of Object.entries(args)) {
    const type = Number(k.split(':')[0]);
    const target = type === RouteParamtypes.BODY ? out.body : type === RouteParamtypes.QUERY ? out.query : undefined;
    if (!target) continue;
    if (arg.data) target[arg.data] = ['named'];
    else Object.assign(target, dtoFields(types[arg.index]));
  }
  return out;
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
        const dtos = dtosOf(controller, name);
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
              permission:
                (Reflect.getMetadata(PERMISSION_KEY, fn) as string | undefined) ??
                (Reflect.getMetadata(ROLES, fn) ? undefined : (Reflect.getMetadata(PERMISSION_KEY, controller) as string | undefined)),
              switches: meta<SiteSwitch[]>(REQUIRE_SWITCH) ?? [],
              sse: !!Reflect.getMetadata(SSE_METADATA, fn),
              bodyFields: dtos.body,
              queryFields: dtos.query,
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => (a.path + a.method).localeCompare(b.path + b.method));
}
