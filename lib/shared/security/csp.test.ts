/** @jest-environment node */
import {
  chatSources,
  contentSecurityPolicy,
  createNonce,
  imageSources,
  pageSecurityHeaders,
  PERMISSIONS_POLICY,
  type SecurityConfig,
} from './csp';

const local: SecurityConfig = { publicUrl: 'http://localhost:3000', chatUrl: '', imageBaseUrl: '' };

/** The policy as directive name → sources. */
function directives(policy: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    expect(out[name]).toBeUndefined();
    out[name] = sources;
  }
  return out;
}

describe('createNonce', () => {
  it('is 128 random bits in base64, new every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    }
  });
});

describe('contentSecurityPolicy', () => {
  it('lets scripts run only with the nonce or from trusted scripts, and names every source', () => {
    expect(directives(contentSecurityPolicy('abc', local))).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", "'nonce-abc'", "'strict-dynamic'", "'report-sample'"],
      'style-src': ["'self'", "'nonce-abc'", "'report-sample'"],
      'style-src-attr': ["'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'report-uri': ['/api/csp-report'],
    });
  });

  it('never allows inline scripts or eval in production', () => {
    const policy = directives(contentSecurityPolicy('abc', local));
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['default-src']).not.toContain("'unsafe-inline'");
  });

  it('adds the SockJS origin (http and ws) when CHAT_URL is another origin', () => {
    const policy = directives(
      contentSecurityPolicy('n', { ...local, chatUrl: 'https://chat.example.com/base' }),
    );
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://chat.example.com',
      'wss://chat.example.com',
    ]);
    expect(chatSources('http://127.0.0.1:8080', 'http://localhost:3000')).toEqual([
      'http://127.0.0.1:8080',
      'ws://127.0.0.1:8080',
    ]);
    // Same origin (or a path): nothing to add.
    expect(chatSources('http://localhost:3000', 'http://localhost:3000/')).toEqual([]);
    expect(chatSources('', 'http://localhost:3000')).toEqual([]);
    expect(chatSources('/sockets', 'http://localhost:3000')).toEqual([]);
  });

  it("adds IMAGE_BASE_URL's origin to img-src when images come from elsewhere", () => {
    const policy = directives(
      contentSecurityPolicy('n', { ...local, imageBaseUrl: 'https://cdn.example.com/images/' }),
    );
    expect(policy['img-src']).toContain('https://cdn.example.com');
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(imageSources('http://localhost:3000/api/images/', 'http://localhost:3000')).toEqual([]);
    expect(imageSources('', 'http://localhost:3000')).toEqual([]);
  });

  it('upgrades insecure requests on https only', () => {
    expect(directives(contentSecurityPolicy('n', local))).not.toHaveProperty(
      'upgrade-insecure-requests',
    );
    const https = directives(
      contentSecurityPolicy('n', { ...local, publicUrl: 'https://health.example.com' }),
    );
    expect(https['upgrade-insecure-requests']).toEqual([]);
  });

  it('allows eval and inline styles in development only (React and the error overlay)', () => {
    const dev = directives(contentSecurityPolicy('n', { ...local, dev: true }));
    expect(dev['script-src']).toContain("'unsafe-eval'");
    expect(dev['script-src']).not.toContain("'unsafe-inline'");
    // A nonce would switch 'unsafe-inline' off.
    expect(dev['style-src']).toEqual(["'self'", "'unsafe-inline'", "'report-sample'"]);
  });
});

describe('pageSecurityHeaders', () => {
  it('sends the policy and the permissions policy; HSTS on https only', () => {
    expect(Object.fromEntries(pageSecurityHeaders('n', local))).toEqual({
      'Content-Security-Policy': contentSecurityPolicy('n', local),
      'Permissions-Policy': PERMISSIONS_POLICY,
    });
    const https = Object.fromEntries(
      pageSecurityHeaders('n', { ...local, publicUrl: 'https://health.example.com/' }),
    );
    expect(https['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
  });

  it('denies the powerful features the app does not use', () => {
    const features = PERMISSIONS_POLICY.split(', ');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(features).toContain(`${feature}=()`);
    }
    for (const entry of features) expect(entry).toMatch(/^[a-z-]+=\(\)$/);
  });
});
