import { Alert, Box, Button, Container } from '@mantine/core';
import { Component, type ReactNode, useEffect } from 'react';
import { useOnlineStatus } from '../../hooks/use-online-status';
import { onConnectionChange } from '../../lib/connection';

const reload = () => window.location.reload();

interface LoadErrorBoundaryProps {
  children: ReactNode;
  /** Shown in place of the children once they fail. */
  fallback: ReactNode;
  /** What failed, for the console. */
  what: string;
}

/**
 * Code loaded on demand that fails to render, most often because it could not be fetched (offline before it
 * was ever loaded, or a new version deployed since this tab opened, whose files replaced the old ones): its
 * fallback takes its place, where React would otherwise leave the whole app blank.
 */
export class LoadErrorBoundary extends Component<LoadErrorBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(`${this.props.what} failed to load`, error);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A page that fails to render says so with a way to reload; the header stays. Keyed by the address, so going
 * elsewhere tries again.
 */
export function PageLoadError({ children }: { children: ReactNode }) {
  return (
    <LoadErrorBoundary
      what="Page"
      fallback={
        <Container size="sm" py="xl">
          <LoadFailed title="This page could not be loaded" />
        </Container>
      }
    >
      {children}
    </LoadErrorBoundary>
  );
}

/**
 * A part of the header loaded on demand that fails: the user's menu leaves a Reload button in its place; the
 * phone's navigation says so under the header while the burger is open, where its drawer would have shown.
 */
export function HeaderPartLoadError({ children, part, opened = true }: { children: ReactNode; part: 'user menu' | 'navigation'; opened?: boolean }) {
  const fallback =
    part === 'user menu' ? (
      <Button variant="outline" color="red" onClick={reload} title="The menu could not be loaded: check your connection, then reload.">
        Reload
      </Button>
    ) : opened ? (
      // Over the page, opaque: the alert's own tint is translucent.
      <Box pos="absolute" top="100%" left={0} right={0} p="sm" bg="white" style={{ boxShadow: 'var(--mantine-shadow-md)' }}>
        <LoadFailed title="The menu could not be loaded" />
      </Box>
    ) : null;
  return (
    <LoadErrorBoundary what={part} fallback={fallback}>
      {children}
    </LoadErrorBoundary>
  );
}

/**
 * Offline, the code was most likely never fetched on this device: it is said so, and the page reloads by itself once
 * the connection is back. Online, the files this tab knew may have been replaced by a new version's.
 */
function LoadFailed({ title }: { title: string }) {
  const online = useOnlineStatus();
  useEffect(() => onConnectionChange((nowOnline) => nowOnline && reload()), []);
  return (
    <Alert color="red" title={title} role="alert">
      {online ? (
        <>
          Check your connection, then reload: a new version of the app may have been published since this tab was opened.
          <Button display="block" mt="sm" variant="outline" color="red" onClick={reload}>
            Reload
          </Button>
        </>
      ) : (
        'You are offline, and this part of the app has not been saved on this device yet. It loads by itself once you are back online.'
      )}
    </Alert>
  );
}
