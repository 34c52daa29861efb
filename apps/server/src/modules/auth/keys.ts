/**
 * The server's keys, generated once and kept in `auth_keys` so a restart or a second process signs and
 * verifies with the same ones: an ES256 key pair for id tokens and an RSA-OAEP key pair the web uses
 * to encrypt a new password (forgot password).
 */
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

export const ID_TOKEN_ALG = 'ES256';
const RSA_OAEP = 'RSA-OAEP-256';

interface KeyRow {
  kid: string;
  purpose: 'id-token' | 'password-encryption';
  private_key: string;
  public_key: string;
  retired_at: Date | null;
}

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey | Uint8Array;
}

export interface EncryptionKey {
  kid: string;
  privateKey: KeyObject;
  spki: string;
  jwk: JWK;
}

export class KeyStore {
  private signing: SigningKey | null = null;
  private verifying = new Map<string, CryptoKey | Uint8Array>();
  private encryption: EncryptionKey | null = null;
  private lastReload = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Loads the keys, creating the missing ones. Safe when several processes start together. */
  async init(): Promise<void> {
    await this.ensure('id-token', async () => {
      const { privateKey, publicKey } = await generateKeyPair(ID_TOKEN_ALG, { extractable: true });
      const publicJwk = await exportJWK(publicKey);
      const kid = await calculateJwkThumbprint(publicJwk);
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ID_TOKEN_ALG };
      return {
        kid,
        algorithm: ID_TOKEN_ALG,
        privateKey: JSON.stringify(privateJwk),
        publicKey: JSON.stringify({ ...publicJwk, kid, alg: ID_TOKEN_ALG }),
      };
    });
    await this.ensure('password-encryption', async () => {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const kid = await calculateJwkThumbprint(publicKey.export({ format: 'jwk' }) as JWK);
      return {
        kid,
        algorithm: RSA_OAEP,
        privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        publicKey: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      };
    });
    await this.load();
  }

  private async ensure(
    purpose: KeyRow['purpose'],
    create: () => Promise<{ kid: string; algorithm: string; privateKey: string; publicKey: string }>,
  ): Promise<void> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM auth_keys WHERE purpose = $1 AND retired_at IS NULL`,
      [purpose],
    );
    if (rows.length > 0) return;
    const key = await create();
    // A process that lost the race keeps the winner's key (the partial unique index refuses a second).
    await this.db.query(
      `INSERT INTO auth_keys (kid, purpose, algorithm, private_key, public_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [key.kid, purpose, key.algorithm, key.privateKey, key.publicKey, this.clock.now()],
    );
  }

  private async load(): Promise<void> {
    const { rows } = await this.db.query<KeyRow>(
      `SELECT kid, purpose, private_key, public_key, retired_at FROM auth_keys`,
    );
    const verifying = new Map<string, CryptoKey | Uint8Array>();
    for (const row of rows) {
      if (row.purpose === 'id-token') {
        verifying.set(row.kid, await importJWK(JSON.parse(row.public_key) as JWK, ID_TOKEN_ALG));
        if (!row.retired_at) {
          this.signing = {
            kid: row.kid,
            privateKey: await importJWK(JSON.parse(row.private_key) as JWK, ID_TOKEN_ALG),
          };
        }
      } else if (!row.retired_at) {
        const publicKey = createPublicKey(row.public_key);
        this.encryption = {
          kid: row.kid,
          privateKey: createPrivateKey(row.private_key),
          spki: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
          jwk: { ...(publicKey.export({ format: 'jwk' }) as JWK), alg: RSA_OAEP, use: 'enc', kid: row.kid },
        };
      }
    }
    this.verifying = verifying;
    this.lastReload = Date.now();
  }

  signingKey(): SigningKey {
    if (!this.signing) throw new Error('KeyStore.init() has not run');
    return this.signing;
  }

  /** The public key for a `kid`; an unknown one reloads the table (at most once a minute). */
  async verificationKey(kid: string | undefined): Promise<CryptoKey | Uint8Array | undefined> {
    if (!kid) return undefined;
    const known = this.verifying.get(kid);
    if (known) return known;
    if (Date.now() - this.lastReload < 60_000) return undefined;
    await this.load();
    return this.verifying.get(kid);
  }

  encryptionKey(): EncryptionKey {
    if (!this.encryption) throw new Error('KeyStore.init() has not run');
    return this.encryption;
  }

  /** Decrypts a base64 RSA-OAEP (SHA-256) ciphertext made with the published key; null when it cannot. */
  decrypt(base64: string): string | null {
    try {
      const plain = privateDecrypt(
        {
          key: this.encryptionKey().privateKey,
          padding: constants.RSA_PKCS1_OAEP_PADDING,
          oaepHash: 'sha256',
        },
        Buffer.from(base64, 'base64'),
      );
      return plain.toString('utf8');
    } catch {
      return null;
    }
  }
}
