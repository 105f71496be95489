import { Center, Image, Text } from '@mantine/core';
import { useState } from 'react';

/** A book cover at preview size; a placeholder when there is none or it fails to load. */
export function CoverPreview({ src, title }: { src: string | null | undefined; title: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <Center w={96} h={144} bg="gray.1" c="dimmed" style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}>
        <Text size="xs" ta="center" px={4}>
          No cover image
        </Text>
      </Center>
    );
  }
  return <Image src={src} alt={`Cover of ${title}`} w={96} h={144} fit="contain" radius="sm" style={{ flexShrink: 0 }} onError={() => setFailedSrc(src)} />;
}
