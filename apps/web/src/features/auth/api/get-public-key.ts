import { apiRequest } from '../../../lib/api-client';

export interface PublicKey {
  kid: string;
  algorithm: 'RSA-OAEP-256';
  /** SubjectPublicKeyInfo, DER, base64. */
  spki: string;
}

/** GET sessions/v1/publicKey: the key that encrypts a new password. */
export function getPublicKey(): Promise<PublicKey> {
  return apiRequest<PublicKey>('sessions/v1/publicKey', { auth: false, sessionRules: false });
}
