/**
 * Express 5 tries its router's layers in order, and every route layer runs its path-to-regexp matcher on the
 * request's path. With about 380 routes that scan was a fifth of the CPU of a cheap answer (profile of the
 * user-home bench: path-to-regexp 12 %, the router's loop 8 %). Most routes here are static (HOJ's style:
 * `/api/get-…`, the parameters in the query), so the static route layers leave the stack for one index layer
 * that finds them by their path in a Map, with the router's own rules: case-insensitive unless `case sensitive
 * routing`, one trailing slash allowed unless `strict routing`.
 *
 * What matches stays what Express would match: a path an earlier route with parameters also matches is left in
 * the stack; a route that passes the request on (`next()`) hands it to the next route of the same path, then to
 * the rest of the stack; methods no route of the path handles, and paths with a percent-escape, go on down the
 * stack as before.
 */
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

type Next = (err?: unknown) => void;

interface RouteLayer {
  route?: { path?: unknown; _handlesMethod(method: string): boolean };
  match(path: string): unknown;
  handleRequest(req: unknown, res: unknown, next: Next): void;
}

interface ExpressRouter {
  stack: RouteLayer[];
  caseSensitive?: boolean;
  strict?: boolean;
  use(fn: (req: IndexedRequest, res: unknown, next: Next) => void): unknown;
}

interface IndexedRequest {
  method: string;
  /** Express's request getter: the URL's path (parsed once per request and kept). */
  path: string;
  route?: unknown;
  params?: Record<string, string>;
}

/** Characters that make a route path a pattern (path-to-regexp 8: parameters, wildcards, groups, escapes). */
const PATTERN = /[:*?()[\]{}+!\\]/;
/** Marks a router whose index is installed (bootstrap may run more than once). */
const INDEXED = Symbol('staticRouteIndex');

/** Whether a route path is plain text that path-to-regexp would match literally. */
export function isStaticRoutePath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !PATTERN.test(path);
}

/**
 * Moves the static route layers of each run of routes in the router's stack into one index layer, where the run
 * began; returns how many it moved. Call it once every route is registered (after `app.init()`); routes added
 * later are tried as usual.
 */
export function useStaticRouteIndex(router: ExpressRouter & { [INDEXED]?: true }): number {
  if (router[INDEXED]) return 0;
  router[INDEXED] = true;
  let moved = 0;
  // Runs of routes between middleware (the API docs' routes come before the body parsers' middleware, say):
  // each run gets its own index, so the order between routes and middleware stays as it was.
  for (let first = 0; first < router.stack.length; first++) {
    if (!router.stack[first].route) continue;
    let end = first;
    while (end < router.stack.length && router.stack[end].route) end++;
    const [count, length] = indexRun(router, first, end);
    moved += count;
    first += length - 1;
  }
  return moved;
}

/** Indexes the routes stack[first..end); returns how many layers it moved and the run's new length. */
function indexRun(router: ExpressRouter, first: number, end: number): [number, number] {
  const stack = router.stack;
  const sensitive = Boolean(router.caseSensitive);
  const strict = Boolean(router.strict);
  // A route's path loses its trailing slashes (router/lib/layer.js `loosen`); a request may then add one.
  const routeKey = (path: string): string => {
    const p = sensitive ? path : path.toLowerCase();
    return strict ? p : p.replace(/\/+$/, '') || '/';
  };
  const requestKey = (path: string): string => {
    const p = sensitive ? path : path.toLowerCase();
    return !strict && p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
  };

  const index = new Map<string, RouteLayer[]>();
  const kept: RouteLayer[] = [];
  for (const layer of stack.slice(first, end)) {
    const path = layer.route?.path;
    // A static path that an earlier kept route (with parameters) also matches stays behind that route.
    if (!isStaticRoutePath(path) || kept.some((k) => k.match(path))) {
      kept.push(layer);
      continue;
    }
    const key = routeKey(path);
    index.set(key, [...(index.get(key) ?? []), layer]);
  }
  const moved = end - first - kept.length;
  if (moved < 2) return [0, end - first];

  // router.use builds a layer that matches every path; it is then moved to where the run began.
  router.use(function staticRoutes(req, res, next) {
    const path = req.path;
    // A percent-escape never matches a static layer (the router compares the raw path with the route's text).
    const layers = path.includes('%') ? undefined : index.get(requestKey(path));
    if (!layers) return next();
    // The router's own steps for a matched route layer (router/index.js), for each route of the path in turn.
    const tryFrom = (i: number, err?: unknown): void => {
      if (err) return next(err);
      for (; i < layers.length; i++) {
        const layer = layers[i];
        if (!layer.route!._handlesMethod(req.method) && req.method !== 'HEAD') continue;
        req.route = layer.route;
        req.params = {};
        const after = i + 1;
        return layer.handleRequest(req, res, (e?: unknown) => (e === 'route' ? tryFrom(after) : tryFrom(after, e)));
      }
      next();
    };
    tryFrom(0);
  });
  const indexLayer = stack.pop()!;
  stack.splice(first, end - first, indexLayer, ...kept);
  return [moved, 1 + kept.length];
}

/** Installs the index when the app has registered every route (bootstrap hooks run after the router's). */
@Injectable()
export class StaticRouteIndex implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const instance = this.adapterHost.httpAdapter?.getInstance() as { router?: ExpressRouter } | undefined;
    if (instance?.router?.stack) useStaticRouteIndex(instance.router);
  }
}
