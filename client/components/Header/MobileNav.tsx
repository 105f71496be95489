import { Button, Drawer, Stack } from '@mantine/core';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../../shared/constants';

/** The signed-out navigation on narrow screens; its own chunk, loaded when the burger first opens it. */
export default function MobileNav({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} title={PRODUCT_NAME} position="right" size="xs">
      <Stack>
        <Button component={Link} href="/login" variant="default" onClick={onClose}>
          Log In
        </Button>
        <Button component={Link} href="/register" onClick={onClose}>
          Sign Up
        </Button>
      </Stack>
    </Drawer>
  );
}
