import { createDecipheriv, createECDH, hkdfSync, verify } from 'node:crypto';

/**
 * The receiving side of Web Push, as a browser's push service and the browser itself do it:
 * checking the VAPID JWT (RFC 8292) and decrypting an aes128gcm message (RFC 8291 over RFC 8188).
 */

const b64url = (buf: Buffer) => buf.toString('base64url');

/** The claims of a VAPID JWT whose ES256 signature checks out against `k`, or the reason it does not. */
export function checkVapid(authorization: string | undefined, audience: string, now = Date.now()): { claims: Record<string, unknown>; publicKey: string } | { error: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return { error: 'Authorization is not "vapid t=…, k=…"' };
  const [, token, key] = match as unknown as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return { error: 'k is not an uncompressed P-256 point' };
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return { error: 'the JWT has not three parts' };
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) };
  const signed = verify('sha256', Buffer.from(`${header}.${payload}`), { key: jwk, format: 'jwk', dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return { error: 'the JWT signature does not match k' };
  const alg = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
  if (alg.alg !== 'ES256') return { error: 'the JWT is not ES256' };
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (claims.aud !== audience) return { error: `aud is ${String(claims.aud)}, not ${audience}` };
  const exp = Number(claims.exp);
  // RFC 8292 §2: no more than 24 hours ahead.
  if (!(exp * 1000 > now) || exp * 1000 > now + 24 * 3600 * 1000) return { error: 'exp is past or more than 24 hours ahead' };
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return { error: 'sub is not a mailto: or https: contact' };
  return { claims, publicKey: key };
}

/** A subscription's keys as the browser keeps them: its ECDH pair and auth secret. */
export type ReceiverKeys = { privateKey: Buffer; authSecret: Buffer };

/** The plaintext of one aes128gcm push message (a single record, as Web Push sends). */
export function decryptAes128gcm(body: Buffer, keys: ReceiverKeys): string {
  if (body.length < 21) throw new Error('the body is shorter than an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not the sender\'s 65-byte public key');
  if (record.length > recordSize) throw new Error('more than one record');
  const receiver = createECDH('prime256v1');
  receiver.setPrivateKey(keys.privateKey);
  const receiverPublic = receiver.getPublicKey();
  const ecdhSecret = receiver.computeSecret(senderPublic);
  // RFC 8291 §3.4: the input keying material mixes the auth secret and both public keys.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, keys.authSecret, keyInfo, 32));
  // RFC 8188 §2.2 and §2.3: the content key and nonce.
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero or more zero bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record lacks its padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}
