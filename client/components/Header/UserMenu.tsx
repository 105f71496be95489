import { Avatar, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import type { User } from '../../../shared/schemas';
import { useLogout } from '../../hooks/use-auth';
import { focusHeading } from '../../lib/focus-heading';
import { initials } from '../../lib/initials';
import classes from './Header.module.css';

/** The signed-in part of the header; its own chunk, since Menu brings floating-ui along. */
export default function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  const [, navigate] = useLocation();

  const onLogout = async () => {
    // A guarded page sends a signed-out user to /login at once; if the server could not end the session,
    // the user is signed in again and is taken back to the page they were on.
    const here = window.location.pathname + window.location.search;
    if (await logout()) {
      // Signed out on the landing page, nothing navigates, and the menu that had the focus is gone: the page's heading takes it.
      if (window.location.pathname === '/') {
        const main = document.getElementById('main');
        if (main) focusHeading(main, main.querySelector('h1'));
      } else navigate('/');
    } else if (window.location.pathname + window.location.search !== here) navigate(here, { replace: true });
  };

  return (
    <Group gap="sm" wrap="nowrap" className={classes.shrinks}>
      <Group gap="xs" visibleFrom="sm">
        <Button component={Link} href="/dashboard" variant="subtle">
          Dashboard
        </Button>
        <Button component={Link} href="/profile" variant="subtle">
          Profile
        </Button>
      </Group>
      {/* Opened from the keyboard, the focus goes to its first item; in the header's landmark, not a portal outside it. */}
      <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          {/* Named by its greeting (the avatar only repeats the name), so speech users can say what they see; on a
              phone, where the avatar alone shows (Header.module.css), the greeting still names it. */}
          <UnstyledButton className={classes.userButton}>
            <Group gap={8} wrap="nowrap" className={classes.shrinks}>
              <Avatar src={user.avatarUrl} alt="" aria-hidden radius="xl" size={32} color="brand">
                {initials(user.displayName)}
              </Avatar>
              <Text size="sm" fw={500} className={classes.greeting}>
                Hi, {user.displayName}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown className={classes.userMenu}>
          {/* Where the greeting is hidden, the menu says whose account it is. */}
          <Menu.Label className={classes.nameInMenu} dir="auto">
            {user.displayName}
          </Menu.Label>
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
  );
}
