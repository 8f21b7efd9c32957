import { describe, expect, it } from 'vitest';
import { timingSettings } from './settings';

describe('timing settings from the environment', () => {
  it('reads each variable that is set, and leaves the others to their defaults', () => {
    expect(timingSettings({})).toEqual({ postgres: {}, lease: {} });
    expect(
      timingSettings({
        COMMAND_TIMEOUT_MS: '1800',
        FORWARD_TIMEOUT_MS: '1200',
        LEASE_TTL_MS: '6000',
        LEASE_RENEW_MS: '1500',
        PG_CONNECT_TIMEOUT_MS: ' 500 ',
        PG_ANSWER_TIMEOUT_MS: '4000',
        PG_STATEMENT_TIMEOUT_MS: '',
      }),
    ).toEqual({
      commandTimeoutMs: 1800,
      forwardTimeoutMs: 1200,
      lease: { ttlMs: 6000, renewMs: 1500 },
      postgres: { connectMs: 500, answerMs: 4000 },
    });
  });

  it('refuses what is not a whole number of milliseconds above 0, naming the variable', () => {
    for (const bad of ['0', '-5', '1.5', '2s', 'NaN', '1e400']) {
      expect(() => timingSettings({ PG_LOCK_TIMEOUT_MS: bad })).toThrow(/PG_LOCK_TIMEOUT_MS/);
    }
  });
});
