import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useDocumentTitle } from '../hooks/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="brand.7" aria-hidden>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} href="/">
          Go back home
        </Button>
      </Stack>
    </Container>
  );
}
