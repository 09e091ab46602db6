import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../../application/password-hasher.port';

/**
 * argon2id with ASVS 5.0 Appendix C parameters: m = 19 MiB, t = 2, p = 1. The PHC string stores the
 * algorithm and parameters with the hash, so they can be raised later without breaking old hashes.
 */
const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id is an ambient const enum, unreadable under verbatimModuleSyntax; 2 is its value.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export class Argon2PasswordHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  async verify(storedHash: string, password: string): Promise<boolean> {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }
}
