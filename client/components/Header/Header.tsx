import { Anchor, Avatar, Burger, Button, Drawer, Group, Menu, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '../../../shared/constants';
import { useAuth, useLogout } from '../../hooks/use-auth';
import { initials } from '../../lib/initials';
import classes from './Header.module.css';

export function Header() {
  const { user, isLoading } = useAuth();
  const logout = useLogout();
  const [, navigate] = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);

  const onLogout = async () => {
    close();
    await logout();
    navigate('/');
  };

  return (
    <header className={classes.header}>
      <Group justify="space-between" h="100%" px="md" wrap="nowrap" className={classes.inner}>
        <Anchor component={Link} href="/" underline="never" className={classes.logo} aria-label={`${PRODUCT_NAME} home`}>
          <img src="/logo.svg" alt="" width={32} height={32} />
          <Text fw={700} size="lg" c="dark">
            {PRODUCT_NAME}
          </Text>
        </Anchor>

        {isLoading ? (
          <Skeleton height={32} width={160} radius="xl" data-testid="auth-placeholder" />
        ) : user ? (
          <Group gap="sm" wrap="nowrap">
            <Group gap="xs" visibleFrom="sm">
              <Button component={Link} href="/dashboard" variant="subtle">
                Dashboard
              </Button>
              <Button component={Link} href="/profile" variant="subtle">
                Profile
              </Button>
            </Group>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton className={classes.userButton} aria-label="Open user menu">
                  <Group gap={8} wrap="nowrap">
                    <Avatar src={user.avatarUrl} alt={user.displayName} radius="xl" size={32} color="brand">
                      {initials(user.displayName)}
                    </Avatar>
                    <Text size="sm" fw={500} className={classes.greeting}>
                      Hi, {user.displayName}
                    </Text>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} href="/dashboard">
                  Dashboard
                </Menu.Item>
                <Menu.Item component={Link} href="/profile">
                  Profile
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" onClick={onLogout}>
                  Log out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
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
            <Burger opened={opened} onClick={toggle} hiddenFrom="xs" aria-label="Open navigation" />
            <Drawer opened={opened} onClose={close} title={PRODUCT_NAME} position="right" size="xs">
              <Stack>
                <Button component={Link} href="/login" variant="default" onClick={close}>
                  Log In
                </Button>
                <Button component={Link} href="/register" onClick={close}>
                  Sign Up
                </Button>
              </Stack>
            </Drawer>
          </>
        )}
      </Group>
    </header>
  );
}
