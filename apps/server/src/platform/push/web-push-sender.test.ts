import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createWebPushSender, loadVapidKeys } from './index.js';

// A self-signed certificate for 127.0.0.1 (test only): the fake push service below speaks HTTPS like real ones.
const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgiMBXFMbwo+iGCdyH
Nz4RJczJ3Q17b1xFMR5ZmKFGj32hRANCAASYB6EEqtpTwqs8K8Pn1ZtqiR7ojGnM
1xxJekTMx1wYMWtklMI4XlGqMfUL1xkQusdCIzJPk7oYD+sVe5n8a79z
-----END PRIVATE KEY-----`;
const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBkDCCATagAwIBAgIUJnamFGeUH82nZkE/u6/5ObPIylkwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMjAzMzIxNloYDzIxMjYxMDI5
MDMzMjE2WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAASYB6EEqtpTwqs8K8Pn1ZtqiR7ojGnM1xxJekTMx1wYMWtklMI4XlGq
MfUL1xkQusdCIzJPk7oYD+sVe5n8a79zo2QwYjAdBgNVHQ4EFgQUjuKd85bS3hxz
VOXcSspT+jGinOMwHwYDVR0jBBgwFoAUjuKd85bS3hxzVOXcSspT+jGinOMwDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0gAMEUC
ICO5G9YN6HYS539h0Gu5ubHUU/Eybb1VvI+Na5Suc/iAAiEAyJzEoSN1bsOloTRt
4pwKCQ0WjakSZCXKB0uPp9XmUwk=
-----END CERTIFICATE-----`;

let server: https.Server;
let endpoint: string;
let status = 201;
const requests: { headers: Record<string, unknown>; body: Buffer }[] = [];

beforeAll(async () => {
  server = https.createServer({ key: TLS_KEY, cert: TLS_CERT }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `https://127.0.0.1:${(server.address() as AddressInfo).port}/push/abc`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Web Push sender (VAPID)', () => {
  const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@hatid.ph' };
  // A browser's subscription keys: a P-256 public key and a 16-byte auth secret.
  const browser = webpush.generateVAPIDKeys();
  const target = () => ({ endpoint, keys: { p256dh: browser.publicKey, auth: 'tBHItJI5svbpez7KI4CCXg' } });
  const sender = createWebPushSender(keys, { agent: new https.Agent({ ca: TLS_CERT }) });
  const message = { title: 'Delivered', body: 'Your shipment ND123456785PH has been delivered.', url: '/packages/ND123456785PH', tag: 'n1' };

  it('posts an encrypted payload signed with our VAPID key', async () => {
    status = 201;
    expect(await sender.send(target(), message)).toEqual({ ok: true });
    const request = requests.at(-1)!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(String(request.headers.authorization)).toMatch(new RegExp(`^vapid t=.+, k=${keys.publicKey}$`));
    expect(request.headers.ttl).toBe('86400');
    expect(request.body.length).toBeGreaterThan(0);
    expect(request.body.toString('latin1')).not.toContain('ND123456785PH');
  });

  it('says "gone" for 404 and 410, and "try again" for other failures', async () => {
    status = 410;
    expect(await sender.send(target(), message)).toMatchObject({ ok: false, gone: true, statusCode: 410 });
    status = 404;
    expect(await sender.send(target(), message)).toMatchObject({ ok: false, gone: true, statusCode: 404 });
    status = 503;
    expect(await sender.send(target(), message)).toMatchObject({ ok: false, gone: false, statusCode: 503 });
  });
});

describe('VAPID keys', () => {
  it('are generated once in DATA_DIR/keys/vapid.json and reused after a restart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-vapid-'));
    try {
      const first = loadVapidKeys({}, dir);
      const again = loadVapidKeys({}, dir);
      expect(again).toEqual(first);
      expect(fs.statSync(path.join(dir, 'keys', 'vapid.json')).mode & 0o777).toBe(0o600);
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('come from the environment when set, validated together', () => {
    const pair = webpush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:ops@hatid.ph' };
    const config = loadConfig(env);
    expect(loadVapidKeys(config, null)).toEqual({ ...pair, subject: 'mailto:ops@hatid.ph' });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_SUBJECT: 'mailto:ops@hatid.ph' })).toThrow(/VAPID_PRIVATE_KEY: required/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_SUBJECT: required/);
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, VAPID_SUBJECT: 'ops@hatid.ph' })).toThrow(/VAPID_SUBJECT: must be a mailto/);
  });
});
