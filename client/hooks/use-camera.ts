import { type RefObject, useEffect, useState } from 'react';
import { cameraErrorMessage } from '../lib/camera-errors';
import { camera } from '../lib/shared-camera';

/**
 * Shows the shared camera in a video element while mounted. Unmounting releases this user's share;
 * the stream itself stops a few seconds after the last user (lib/shared-camera).
 */
export function useCamera(videoRef: RefObject<HTMLVideoElement | null>) {
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    let acquired = false;
    const video = videoRef.current;
    camera
      .acquire()
      .then(async (stream) => {
        acquired = true;
        if (!active) return camera.release();
        if (!video) return;
        video.srcObject = stream;
        await video.play().catch(() => undefined);
        if (active) setReady(true);
      })
      .catch((cause: unknown) => {
        if (active) setError(cameraErrorMessage(cause));
      });
    return () => {
      active = false;
      if (video) video.srcObject = null;
      if (acquired) camera.release();
    };
  }, [videoRef]);

  return { ready, error };
}
