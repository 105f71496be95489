import { CAMERA_CLEANUP_DELAY_MS, CAMERA_START_RETRY_MS } from '../../shared/constants';
import { NoCameraDevicesError } from './camera-errors';

/** The minimum of a MediaStream the camera share needs, so it can be tested without a browser. */
interface CameraStream {
  getTracks(): { stop(): void; readyState: string }[];
}

interface SharedCamera<S extends CameraStream = MediaStream> {
  /** Opens the camera, or joins the stream already open. */
  acquire(): Promise<S>;
  /** One user is done; the last one schedules the full release. */
  release(): void;
  readonly users: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One camera stream shared by every scanner on the page (SPEC section 4): a use counter; the last
 * release stops the tracks after 5 s, so reopening the scanner is instant; a new start cancels that;
 * a start while the camera is still initialising waits 100 ms and tries again.
 */
export function createSharedCamera<S extends CameraStream>(
  openStream: () => Promise<S>,
  { cleanupDelayMs = CAMERA_CLEANUP_DELAY_MS, retryMs = CAMERA_START_RETRY_MS } = {},
): SharedCamera<S> {
  let stream: S | null = null;
  let initialising = false;
  let users = 0;
  let cleanup: ReturnType<typeof setTimeout> | undefined;

  const stopTracks = () => {
    cleanup = undefined;
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
  };
  const isLive = (s: S | null): s is S => !!s && s.getTracks().some((track) => track.readyState === 'live');

  async function acquire(): Promise<S> {
    clearTimeout(cleanup);
    cleanup = undefined;
    if (initialising) {
      await wait(retryMs);
      return acquire();
    }
    if (!isLive(stream)) {
      initialising = true;
      try {
        stream = await openStream();
        // A release meanwhile (the dropped stream's last user leaving) scheduled the stop of this one.
        clearTimeout(cleanup);
        cleanup = undefined;
      } finally {
        initialising = false;
      }
    }
    users++;
    return stream;
  }

  function release() {
    users = Math.max(0, users - 1);
    if (users === 0 && stream && !cleanup) cleanup = setTimeout(stopTracks, cleanupDelayMs);
  }

  return {
    acquire,
    release,
    get users() {
      return users;
    },
  };
}

/** The back camera when there is one; the device list is checked first so 'no camera' reads clearly. */
async function openCameraStream(): Promise<MediaStream> {
  const devices = navigator.mediaDevices;
  if (!devices?.getUserMedia) throw new Error('Camera access is not supported in this browser.');
  const inputs = await devices.enumerateDevices();
  if (!inputs.some((device) => device.kind === 'videoinput')) throw new NoCameraDevicesError();
  return devices.getUserMedia({ audio: false, video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } } });
}

export const camera = createSharedCamera(openCameraStream);
