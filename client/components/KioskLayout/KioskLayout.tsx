import { Box, Container, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import classes from './KioskLayout.module.css';

/** The kiosk's own frame: a header naming the library and a footer, without the app's navigation. */
export function KioskLayout({ libraryName, children }: { libraryName?: string; children: ReactNode }) {
  return (
    <div className={classes.frame}>
      <header className={classes.header}>
        <Group gap="sm" wrap="nowrap" px="md" py="xs" mih={64}>
          <img src="/logo.svg" alt="" width={32} height={32} className={classes.logo} />
          {/* Whole, however long: a branch's name may differ from another's only at its end. */}
          <Title order={1} size="h3" c="white" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {libraryName ?? 'Library Kiosk'}
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
