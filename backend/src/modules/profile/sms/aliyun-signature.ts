import { createHmac } from 'crypto';

/**
 * Aliyun's RPC-style request signing (signature version 1.0, HMAC-SHA1), as its SMS API
 * (dysmsapi, action SendSms) expects: RFC 3986 encoding of sorted parameters, then
 * HMAC-SHA1 over "GET&%2F&<encoded query>" with the secret plus "&".
 */
export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
}

export function signRpc(method: 'GET' | 'POST', params: Record<string, string>, secret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}
