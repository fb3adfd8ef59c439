import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '@/lib/form-errors';

const schema = z.object({
  email: z.string().min(1, 'Email is required.').pipe(z.email('Please enter a valid email address.')),
  password: z.string().min(8, 'Password must be at least 8 characters long.'),
});

describe('fieldErrors', () => {
  it('is null when the values pass', () => {
    expect(fieldErrors(schema, { email: 'ada@example.com', password: 'correct horse' })).toBeNull();
  });

  it('keeps the first message of each field', () => {
    expect(fieldErrors(schema, { email: '', password: 'short' })).toEqual({
      email: 'Email is required.',
      password: 'Password must be at least 8 characters long.',
    });
  });
});
