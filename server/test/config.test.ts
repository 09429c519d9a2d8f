import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('the listen address', () => {
  it('is this machine only on the embedded first start, so the demo admin is not on the network before anyone chose it', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
  });

  it('is every address when HOST says so', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0', DATABASE_URL: 'postgres://db/headoffice' }).host).toBe('0.0.0.0');
  });

  it('is every address with PostgreSQL, whose instances run behind a proxy, unless HOST narrows it', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/headoffice' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/headoffice', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });
});
