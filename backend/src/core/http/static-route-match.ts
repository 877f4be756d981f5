/**
 * Express 5 tries its router's layers in order, and every route layer runs its path-to-regexp matcher on the
 * request's path. With about 300 routes that scan was a fifth of the CPU of a cheap answer (profile of the
 * user-home bench: path-to-regexp 12 %, the router's loop 8 %). Most routes here are static (HOJ's style:
 * `/api/get-…`, the parameters in the query), so each static route layer gets a matcher that compares strings,
 * with the router's own rules: case-insensitive unless `case sensitive routing`, one trailing slash allowed
 * unless `strict routing`. Layers with parameters, middleware layers, and request paths with a percent-escape
 * keep the original matcher, so what matches is unchanged; only the cost of saying "no" falls.
 */
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

interface RouteLayer {
  route?: { path?: unknown };
  match(path: string): unknown;
  [FAST]?: true;
}

interface ExpressRouter {
  stack: RouteLayer[];
  caseSensitive?: boolean;
  strict?: boolean;
}

/** Marks a layer whose matcher is already replaced (init() may run more than once). */
const FAST = Symbol('staticRouteMatch');

/** Characters that make a route path a pattern (path-to-regexp 8: parameters, wildcards, groups, escapes). */
const PATTERN = /[:*?()[\]{}+!\\]/;

/** Whether a route path is plain text that path-to-regexp would match literally. */
export function isStaticRoutePath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !PATTERN.test(path);
}

/**
 * Replaces the matcher of every static route layer of the router; returns how many it replaced. Call it once
 * every route is registered (after `app.init()`); layers added later keep their own matcher.
 */
export function useStaticRouteMatchers(router: ExpressRouter): number {
  const sensitive = Boolean(router.caseSensitive);
  const strict = Boolean(router.strict);
  // The router asks every layer about the same path in a row: the path is looked up once per request, and each
  // layer compares a number. Layers of the same path (GET and POST) share their number.
  const ids = new Map<string, number>();
  const ESCAPED = -2;
  let lastPath: string | undefined;
  let lastId = -1;
  const idOf = (path: string): number => {
    if (path === lastPath) return lastId;
    lastPath = path;
    if (path.includes('%')) return (lastId = ESCAPED);
    let p = sensitive ? path : path.toLowerCase();
    if (!strict && p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
    return (lastId = ids.get(p) ?? -1);
  };
  let replaced = 0;
  for (const layer of router.stack) {
    const routePath = layer.route?.path;
    if (layer[FAST] || !isStaticRoutePath(routePath)) continue;
    // The router's layers loosen the path the same way (router/lib/layer.js): trailing slashes dropped.
    let own = sensitive ? routePath : routePath.toLowerCase();
    if (!strict) own = own.replace(/\/+$/, '') || '/';
    let id = ids.get(own);
    if (id === undefined) ids.set(own, (id = ids.size));
    const original = layer.match.bind(layer);
    layer.match = (path: string) => {
      const at = idOf(path);
      if (at === ESCAPED) return original(path);
      if (at !== id) return false;
      // A fresh object each time: the router keeps `params` on the request.
      return { params: {}, path, keys: [], pattern: routePath };
    };
    layer[FAST] = true;
    replaced++;
  }
  return replaced;
}

/** Installs the matchers when the app has registered every route (bootstrap hooks run after the router's). */
@Injectable()
export class StaticRouteMatchers implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const instance = this.adapterHost.httpAdapter?.getInstance() as { router?: ExpressRouter } | undefined;
    if (instance?.router?.stack) useStaticRouteMatchers(instance.router);
  }
}
