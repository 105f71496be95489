import { describe, expect, it } from 'vitest';
import { cameraErrorMessage, NoCameraDevicesError } from './camera-errors';

const domError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('camera error texts', () => {
  it('explains a refused permission', () => {
    const expected = 'Camera permission denied. Please enable camera access in your browser settings.';
    expect(cameraErrorMessage(domError('NotAllowedError', 'Permission denied'))).toBe(expected);
    expect(cameraErrorMessage(domError('NotAllowedError', 'Permission dismissed'))).toBe(expected);
    expect(cameraErrorMessage(new Error('The request is not allowed: access denied by the user agent'))).toBe(expected);
    expect(cameraErrorMessage(domError('NotAllowedError', ''))).toBe(expected);
  });

  it('says when there is no camera to open', () => {
    expect(cameraErrorMessage(domError('NotFoundError', 'Requested device not found'))).toBe('No camera found on this device.');
    expect(cameraErrorMessage(new Error('No camera attached'))).toBe('No camera found on this device.');
  });

  it('says when the device lists no video input at all', () => {
    expect(cameraErrorMessage(new NoCameraDevicesError())).toBe('No camera devices found.');
  });

  it('falls back for anything else', () => {
    expect(cameraErrorMessage(domError('NotReadableError', 'Could not start video source'))).toBe('Unable to access camera. Please try again.');
    expect(cameraErrorMessage(undefined)).toBe('Unable to access camera. Please try again.');
  });
});
