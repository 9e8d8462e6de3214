import { api as defaultApi, endpoints, type ApiClient } from '@koma/contracts'

const fromBase64 = (value: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(value), (char) => char.charCodeAt(0))
const toBase64 = (bytes: ArrayBuffer): string => btoa(String.fromCharCode(...new Uint8Array(bytes)))

/**
 * Encrypt a secret for the API (SPEC §7 sign-in): fetch a one-time session key and the public
 * key, then RSA-OAEP (SHA-256) over `{ sessionKey, ...payload }`. A password never travels in
 * clear text in a request body and a captured body cannot be replayed.
 */
export async function sealForServer(
  purpose: string,
  payload: Record<string, string>,
  client: ApiClient = defaultApi,
): Promise<{ sessionKey: string; rsaEncryptedString: string }> {
  const { sessionKey, publicKey } = await client.request(endpoints.rsaKey, { params: { purpose } })
  const key = await crypto.subtle.importKey('spki', fromBase64(publicKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt'])
  const plain = new TextEncoder().encode(JSON.stringify({ sessionKey, ...payload }))
  const sealed = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plain)
  return { sessionKey, rsaEncryptedString: toBase64(sealed) }
}
