import { type RefObject, useEffect, useRef, useState } from 'react';
import { SCANNER_DECODE_INTERVAL_MS } from '../../shared/constants';
import { BARCODE_READER_UNAVAILABLE } from '../lib/camera-errors';
import { createIsbnReadConfirmer } from '../lib/isbn-reads';

type Quagga = (typeof import('@ericblade/quagga2'))['default'];

/** Frames are scaled to this width before decoding: enough for a book barcode, cheap to scan. */
const FRAME_WIDTH = 800;

async function decodeFrame(quagga: Quagga, video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<string | null> {
  const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  const result = await quagga.decodeSingle({
    src: canvas.toDataURL('image/png'),
    numOfWorkers: 0,
    locate: true,
    inputStream: { size: canvas.width },
    decoder: { readers: ['ean_reader'] },
  });
  return result?.codeResult?.code ?? null;
}

/**
 * Reads ISBN barcodes from a playing video every 500 ms with quagga2's EAN reader. quagga2 is
 * imported only here, when a scanner is on screen, so it stays out of the main bundle. onIsbn gets
 * a read once its checksum holds and two consecutive reads agree. Returns why it cannot read, when
 * quagga2 fails to load (offline, or a page older than the server's build): otherwise the camera
 * would show its picture and never read a thing.
 */
export function useBarcodeScanner(videoRef: RefObject<HTMLVideoElement | null>, enabled: boolean, onIsbn: (isbn: string) => void): string | null {
  const onIsbnRef = useRef(onIsbn);
  onIsbnRef.current = onIsbn;
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let quagga: Quagga | null = null;
    let busy = false;
    let stopped = false;
    const confirm = createIsbnReadConfirmer();
    const canvas = document.createElement('canvas');
    import('@ericblade/quagga2').then(
      (module) => (quagga = module.default),
      () => !stopped && setError(BARCODE_READER_UNAVAILABLE),
    );

    const timer = setInterval(async () => {
      const video = videoRef.current;
      if (busy || !quagga || !video || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || !video.videoWidth) return;
      busy = true;
      try {
        const isbn = confirm(await decodeFrame(quagga, video, canvas));
        if (isbn && !stopped) {
          stopped = true;
          clearInterval(timer);
          onIsbnRef.current(isbn);
        }
      } catch {
        // A frame quagga cannot process is just a frame without a barcode.
      } finally {
        busy = false;
      }
    }, SCANNER_DECODE_INTERVAL_MS);

    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [enabled, videoRef]);
  return error;
}
