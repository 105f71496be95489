/** Camera error texts of SPEC section 8. */
const CAMERA_PERMISSION_DENIED = 'Camera permission denied. Please enable camera access in your browser settings.';
const NO_CAMERA_FOUND = 'No camera found on this device.';
const CAMERA_UNAVAILABLE = 'Unable to access camera. Please try again.';
const NO_CAMERA_DEVICES = 'No camera devices found.';
/** Not in the SPEC: the scanner's reader (a chunk of its own) could not load, offline or after a deploy. */
export const BARCODE_READER_UNAVAILABLE =
  'The barcode reader could not be loaded. Check your connection and reload the page, or enter the ISBN manually.';

/** Thrown when the browser lists no video input at all. */
export class NoCameraDevicesError extends Error {
  constructor() {
    super(NO_CAMERA_DEVICES);
    this.name = 'NoCameraDevicesError';
  }
}

/**
 * The message shown for a failed camera start. Browsers word their errors differently, so the
 * DOMException name counts as well as its message (Chrome: NotAllowedError 'Permission denied',
 * NotFoundError 'Requested device not found').
 */
export function cameraErrorMessage(error: unknown): string {
  if (error instanceof NoCameraDevicesError) return NO_CAMERA_DEVICES;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const text = message.toLowerCase();
  if (name === 'NotAllowedError' || name === 'SecurityError' || text.includes('permission') || text.includes('denied')) {
    return CAMERA_PERMISSION_DENIED;
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || text.includes('no camera') || text.includes('not found')) {
    return NO_CAMERA_FOUND;
  }
  return CAMERA_UNAVAILABLE;
}
