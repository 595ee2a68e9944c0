import { describe, expect, it } from 'vitest';
import { applicationServerKey, currentPushState } from './push-subscription';

describe('Web Push in the browser', () => {
  it('turns the server’s base64url VAPID key into the 65 bytes of a P-256 public key', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37 + 4) % 256);
    const base64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(base64url).toMatch(/[-_]/); // the key uses the URL-safe letters
    expect([...applicationServerKey(base64url)]).toEqual([...bytes]);
  });

  it('says a browser without push cannot turn alerts on (so the app offers no button)', async () => {
    // jsdom has no service workers or PushManager.
    expect(await currentPushState()).toBe('unsupported');
  });
});
