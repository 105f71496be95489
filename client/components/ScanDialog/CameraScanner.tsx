import { Alert, Box, Center, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useBarcodeScanner } from '../../hooks/use-barcode-scanner';
import { useCamera } from '../../hooks/use-camera';

/**
 * Live camera view that reports an ISBN barcode once it reads one, or that it cannot (no camera, no permission, no
 * reader). Mounted only while scanning.
 */
export function CameraScanner({ onIsbn, onUnavailable }: { onIsbn: (isbn: string) => void; onUnavailable: (unavailable: boolean) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { ready, error } = useCamera(videoRef);
  const readerError = useBarcodeScanner(videoRef, ready, onIsbn);
  const unavailable = !!(error || readerError);
  useEffect(() => onUnavailable(unavailable), [unavailable, onUnavailable]);

  if (error) {
    return (
      <Alert color="red" title="Camera unavailable" role="alert">
        {error}
      </Alert>
    );
  }
  if (readerError) {
    return (
      <Alert color="red" title="Scanner unavailable" role="alert">
        {readerError}
      </Alert>
    );
  }
  return (
    <>
      <Box pos="relative" bg="dark.8" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', aspectRatio: '4 / 3' }}>
        <video ref={videoRef} muted playsInline aria-label="Camera preview" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
        {!ready && (
          <Center pos="absolute" inset={0}>
            <Loader color="white" aria-label="Starting camera" />
          </Center>
        )}
      </Box>
      <Text size="sm" c="dimmed" ta="center">
        {"Position the book's barcode in front of your camera. The scanner will automatically detect the ISBN."}
      </Text>
    </>
  );
}
