import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../application/admin-staff/second-factor.port';

const VERSION = 'v1';

/**
 * AES-256-GCM with the server's key (`server_secrets`, generated once and shared by every process):
 * `v1.<iv>.<tag>.<ciphertext>`, base64url. A database dump alone holds no usable TOTP secret; a wrong
 * key or a changed byte fails the tag check and opens to null.
 */
export class AesGcmSecretBox implements SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the secret box needs a 256-bit key');
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
    const [version, iv, tag, data, ...rest] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || data === undefined || rest.length > 0)
      return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
