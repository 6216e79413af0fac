import argon2 from 'argon2';
import { randomInt } from 'node:crypto';

/** Hashes and verifies passwords; tests may pass cheaper parameters. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface Argon2Cost {
  readonly memoryCost: number;
  readonly timeCost: number;
}

/** OWASP-recommended argon2id cost (19 MiB, 2 passes). */
export const DEFAULT_ARGON2_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2 };

export function createArgon2Hasher(cost: Argon2Cost = DEFAULT_ARGON2_COST): PasswordHasher {
  return {
    hash: (password) => argon2.hash(password, { type: argon2.argon2id, ...cost, parallelism: 1 }),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
  };
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password from an alphabet without look-alike characters. */
export function generatePassword(length = 16): string {
  let password = '';
  for (let i = 0; i < length; i += 1)
    password += PASSWORD_ALPHABET.charAt(randomInt(PASSWORD_ALPHABET.length));
  return password;
}
