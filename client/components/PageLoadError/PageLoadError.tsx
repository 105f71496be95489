import { Alert, Button, Container } from '@mantine/core';
import { Component, type ReactNode } from 'react';

/**
 * A page that fails to render, most often because its code could not be fetched (offline before it was
 * ever loaded, or a new version deployed since this tab opened, whose files replaced the old ones): it
 * says so with a way to reload, where React would otherwise leave the whole app blank. The header stays.
 * Keyed by the address, so going elsewhere tries again.
 */
export class PageLoadError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('Page failed to load', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="This page could not be loaded" role="alert">
          Check your connection, then reload: a new version of the app may have been published since this tab was opened.
          <Button display="block" mt="sm" variant="outline" color="red" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Alert>
      </Container>
    );
  }
}
