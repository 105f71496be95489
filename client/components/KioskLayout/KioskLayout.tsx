import { Box, Container, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import classes from './KioskLayout.module.css';

/** The kiosk's own frame: a header naming the library and a footer, without the app's navigation. */
export function KioskLayout({ libraryName, children }: { libraryName?: string; children: ReactNode }) {
  const name = libraryName ?? 'Library Kiosk';
  return (
    <div className={classes.frame}>
      <header className={classes.header}>
        <Group gap="sm" wrap="nowrap" px="md" py="xs" mih={64}>
          <img src="/logo.svg" alt="" width={32} height={32} className={classes.logo} />
          {/*
           * Two lines at most, so the header leaves a phone's screen to the patron; a longer name ends in an
           * ellipsis. Its whole text stays in the heading, for screen readers, and in its title, shown on hover.
           */}
          <Title order={1} c="white" dir="auto" title={name} lineClamp={2} className={classes.name}>
            {name}
          </Title>
        </Group>
      </header>
      <Box component="main" className={classes.body}>
        <Container size="sm" py="xl" px="md">
          {children}
        </Container>
      </Box>
      <footer className={classes.footer}>
        <Text size="sm" c="dimmed" ta="center">
          Library powered by{' '}
          {/* Bold, not the links' blue: on a patrons' terminal it leads nowhere, and must not look as if it did. */}
          <Text span inherit fw={700}>
            {PRODUCT_NAME}
          </Text>
        </Text>
      </footer>
    </div>
  );
}
