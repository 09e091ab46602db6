/** Password hashing (argon2id in production); `verify` never throws on a malformed stored hash. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
}
