import { Anchor, Burger, Button, Group, Skeleton, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, memo, Suspense, useDeferredValue, useRef, useState } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useAuth } from '../../hooks/use-auth';
import { InstallButton } from '../InstallButton';
import { HeaderPartLoadError } from '../PageLoadError';
import classes from './Header.module.css';

// The signed-out landing page needs neither: they load on demand (Menu and Drawer weigh ~40 KB gzipped), and a
// failed load leaves a Reload button in their place rather than a blank app.
const UserMenu = lazy(() => import('./UserMenu'));
const MobileNav = lazy(() => import('./MobileNav'));

function AuthPlaceholder() {
  return <Skeleton height={32} width={160} radius="xl" data-testid="auth-placeholder" />;
}

export function Header() {
  const { user, isLoading } = useAuth();
  // The session check's answer re-renders its readers at once, in one piece (React Query reads it through
  // useSyncExternalStore): that render only passes the header its previous values, and the switch from the
  // placeholder to the buttons or the menu renders after it, in slices the browser can interrupt.
  return <HeaderBar user={useDeferredValue(user)} isLoading={useDeferredValue(isLoading)} />;
}

const HeaderBar = memo(function HeaderBar({ user, isLoading }: Pick<ReturnType<typeof useAuth>, 'user' | 'isLoading'>) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer mounts on the first open and stays, so its closing transition still plays.
  const [navWanted, setNavWanted] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  // The drawer mounts already open, so it has not seen where the focus was: it goes back to the burger here.
  const closeNav = () => {
    close();
    burger.current?.focus();
  };

  return (
    <header className={classes.header}>
      <Group justify="space-between" px="md" py={6} wrap="nowrap" className={classes.inner}>
        <Anchor component={Link} href="/" underline="never" className={classes.logo} aria-label={`${PRODUCT_NAME} home`}>
          <img src="/logo.svg" alt="" width={32} height={32} />
          <Text fw={700} size="lg" c="dark">
            {PRODUCT_NAME}
          </Text>
        </Anchor>

        {isLoading ? (
          <AuthPlaceholder />
        ) : user ? (
          <Group gap="sm" wrap="nowrap" className={`${classes.shrinks} ${classes.signedIn}`}>
            <InstallButton />
            <HeaderPartLoadError part="user menu">
              <Suspense fallback={<AuthPlaceholder />}>
                <UserMenu user={user} />
              </Suspense>
            </HeaderPartLoadError>
          </Group>
        ) : (
          <>
            <Group gap="xs" visibleFrom="xs">
              <Button component={Link} href="/login" variant="default">
                Log In
              </Button>
              <Button component={Link} href="/register">
                Sign Up
              </Button>
            </Group>
            <Burger
              ref={burger}
              opened={opened}
              aria-expanded={opened}
              onClick={() => {
                setNavWanted(true);
                toggle();
              }}
              hiddenFrom="xs"
              aria-label="Open navigation"
            />
            {navWanted && (
              <HeaderPartLoadError part="navigation" opened={opened}>
                <Suspense fallback={null}>
                  <MobileNav opened={opened} onClose={closeNav} />
                </Suspense>
              </HeaderPartLoadError>
            )}
          </>
        )}
      </Group>
    </header>
  );
});
