/**
 * A random UUID (version 4) naming one create, for the server to know it when it is sent again. Made from
 * getRandomValues rather than crypto.randomUUID, which browsers offer only to pages of a secure origin: the
 * app is opened by plain http on a local network too (docker-compose's http://library-server:3000).
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
