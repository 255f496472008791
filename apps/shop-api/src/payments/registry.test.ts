import { describe, expect, it } from 'vitest';
import { GatewaySettingError } from './gateways/http.ts';
import { gatewaysFromEnv } from './registry.ts';

describe('the gateways a shop starts with', () => {
  it('take the sandboxes’ secrets only while they point at this machine', () => {
    expect([...gatewaysFromEnv({}).keys()]).toEqual(['card', 'paypal', 'multisafepay']);
    expect(() => gatewaysFromEnv({ CARD_PROCESSOR_URL: 'http://localhost:4100', PAYPAL_API_URL: 'http://[::1]:4200', MULTISAFEPAY_API_URL: 'http://127.0.0.2:4150' })).not.toThrow();
  });

  it('refuse to start, naming the variable, when a real gateway has a sandbox secret or none', () => {
    const real = {
      CARD_PROCESSOR_URL: 'https://api.stripe.com',
      CARD_PROCESSOR_SECRET_KEY: 'sk_live_own',
      CARD_WEBHOOK_SECRET: 'whsec_own',
      PAYPAL_API_URL: 'https://api-m.paypal.com',
      PAYPAL_CLIENT_ID: 'own-client',
      PAYPAL_CLIENT_SECRET: 'own-secret',
      PAYPAL_WEBHOOK_ID: 'WH-OWN',
      MULTISAFEPAY_API_URL: 'https://api.multisafepay.com',
      MULTISAFEPAY_API_KEY: 'own-key',
    };
    expect(() => gatewaysFromEnv(real)).not.toThrow();
    const refused = (changes: Record<string, string | undefined>) => {
      try {
        gatewaysFromEnv({ ...real, ...changes });
      } catch (error) {
        expect(error).toBeInstanceOf(GatewaySettingError);
        return (error as Error).message;
      }
      return 'started';
    };
    expect(refused({ CARD_WEBHOOK_SECRET: 'whsec_sandbox' })).toMatch(/^CARD_WEBHOOK_SECRET must be set .*CARD_PROCESSOR_URL \(https:\/\/api\.stripe\.com\).*public/);
    expect(refused({ CARD_PROCESSOR_SECRET_KEY: undefined })).toMatch(/^CARD_PROCESSOR_SECRET_KEY must be set .*not set/);
    expect(refused({ PAYPAL_CLIENT_SECRET: 'sandbox-secret' })).toMatch(/^PAYPAL_CLIENT_SECRET /);
    expect(refused({ PAYPAL_WEBHOOK_ID: '' })).toMatch(/^PAYPAL_WEBHOOK_ID /);
    expect(refused({ MULTISAFEPAY_API_KEY: 'msp_sandbox_key' })).toMatch(/^MULTISAFEPAY_API_KEY /);
    // A host that only looks local is not.
    expect(refused({ CARD_PROCESSOR_URL: 'http://127.0.0.1.evil.example', CARD_WEBHOOK_SECRET: 'whsec_sandbox' })).toMatch(/^CARD_WEBHOOK_SECRET /);
  });
});
