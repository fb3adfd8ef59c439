import { describe, expect, it } from 'vitest';
import { hasProAccess } from '@lectern/contracts';

describe('contracts in the web app', () => {
  it('grants Pro access to admins on the Free plan', () => {
    expect(hasProAccess({ plan: 'free', role: 'admin' })).toBe(true);
    expect(hasProAccess({ plan: 'free', role: 'user' })).toBe(false);
  });
});
