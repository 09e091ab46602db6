import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../application/admin-staff/second-factor.port';

const VERSION = 'v1';

/**
 * AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url. The key is STAFF_TOTP_KEY from the environment
 * (the embedded demo falls back to one in `server_secrets`; staff-totp-key.ts), so a database dump alone
 * holds no usable TOTP secret; a wrong key or a changed byte fails the tag check and opens to null.
 * Sealing always uses the current key; the previous keys (a rotation) only open, until `reseal`
 * has moved what they sealed to the current one.
 */
export class AesGcmSecretBox implements SecretBox {
  private readonly previous: readonly Buffer[];

  constructor(
    private readonly key: Buffer,
    previous: readonly Buffer[] = [],
  ) {
    if (key.length !== 32 || previous.some((old) => old.length !== 32))
      throw new Error('the secret box needs 256-bit keys');
    this.previous = previous.filter((old) => !old.equals(key));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string | null {
    for (const key of [this.key, ...this.previous]) {
      const plain = openWith(key, sealed);
      if (plain !== null) return plain;
    }
    return null;
  }

  /** The secret sealed again with the current key when only a previous key opens it; null otherwise. */
  reseal(sealed: string): string | null {
    if (openWith(this.key, sealed) !== null) return null;
    for (const key of this.previous) {
      const plain = openWith(key, sealed);
      if (plain !== null) return this.seal(plain);
    }
    return null;
  }
}

function openWith(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, data, ...rest] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || data === undefined || rest.length > 0)
    return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
