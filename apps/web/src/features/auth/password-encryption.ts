function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * RSA-OAEP with SHA-256 (the server's sessions/v1/publicKey, SPKI base64), answering base64: the
 * `encryptedPassword` of the forgot-password call.
 */
export async function encryptPassword(password: string, spkiBase64: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'spki',
    base64ToBytes(spkiBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
  return bytesToBase64(new Uint8Array(cipher));
}
