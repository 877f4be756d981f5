import { randomBytes } from 'crypto';
import type { NextFunction, Request, Response } from 'express';

/**
 * Headers of every answer: no MIME sniffing (an uploaded file is never run as a script or a page), and no page of
 * this site inside another site's frame (clickjacking; X-Frame-Options for the browsers that do not read CSP's
 * frame-ancestors).
 */
export function securityHeadersMiddleware() {
  return (_req: Request, res: Response, next: NextFunction): void => {
    setSecurityHeaders(res);
    next();
  };
}

/** The headers above on one answer: the middleware's, and the hot path's, which answers ahead of Express. */
export function setSecurityHeaders(res: { setHeader(name: string, value: string): unknown }): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
}

/** A fresh nonce for one HTML answer: its inline scripts carry it, an injected script cannot. */
export function cspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of the web app's pages. Scripts only from this origin, the remotes' origins (Module
 * Federation loads each remote's remoteEntry.js and chunks from beside it) and the page's own nonced inline script
 * (the remote manifest); monaco's web workers come from the same places (blob: for a cross-origin remote, which
 * monaco starts through a blob that imports the worker). Inline styles stay allowed: antd writes its CSS-in-JS
 * into <style> elements and style attributes at run time. Images may come from anywhere over https (Markdown
 * pictures, avatars), never from javascript: or other schemes.
 */
export function contentSecurityPolicy(nonce: string, remoteUrls: string[] = []): string {
  const origins = [
    ...new Set(
      remoteUrls.flatMap((u) => {
        try {
          const url = new URL(u);
          return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
        } catch {
          return []; // a path on this origin
        }
      }),
    ),
  ];
  const self = ["'self'", ...origins].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${self} 'nonce-${nonce}'`,
    `style-src ${self} 'unsafe-inline'`,
    `img-src ${self} data: blob: https:`,
    `font-src ${self} data:`,
    `connect-src ${self}`,
    `worker-src ${self} blob:`,
    `frame-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}
