import argon2 from 'argon2';

/** argon2id at OWASP's recommended parameters: 19 MiB of memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export class PasswordHasher {
  // Verified against when the email is unknown, so unknown and known emails cost the same time.
  private readonly dummyHash: Promise<string> = argon2.hash('lectern-timing-equaliser', ARGON2_OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.dummyHash), password);
    } catch {
      return false;
    }
  }
}
