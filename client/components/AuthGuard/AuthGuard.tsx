import { Container, type ContainerProps, Skeleton, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../../hooks/use-auth';
import { returnAfterCheckState } from '../../lib/return-after-check';
import { WhileLoading } from '../DataState';

/** The width and top space of the page it stands for (its Container's), so that the page does not move as it comes. */
export type PageFrame = Pick<ContainerProps, 'size' | 'py'>;

export function AuthenticatingSkeleton({ size, py }: PageFrame) {
  return (
    <Container size={size} py={py}>
      <WhileLoading>
        <Stack gap="md" aria-busy="true">
          <Text c="dimmed" size="sm">
            Authenticating
          </Text>
          <Skeleton height={36} width="40%" />
          <Skeleton height={120} />
          <Skeleton height={120} />
        </Stack>
      </WhileLoading>
    </Container>
  );
}

/**
 * Shows its children to signed-in users. It is SPEC section 6's shared-layout guard, which allows every
 * role there is (ROLES): no one signed in is turned away. The staff guard (STAFF_ROLES) is the kiosk's own
 * check (KioskPage), which has texts of its own and keeps signed-out users on the kiosk. Signed-out users
 * are sent to /login, replacing the history entry so Back does not return to the guarded page; when the
 * session check failed, the entry notes this page, to come back to once the check is asked again.
 */
export function AuthGuard({ frame, children }: { frame: PageFrame; children: ReactNode }) {
  const { user, isLoading, error } = useAuth();
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!isLoading && !user) navigate('/login', { replace: true, state: error ? returnAfterCheckState() : undefined });
  }, [isLoading, user, error, navigate]);

  if (isLoading || !user) return <AuthenticatingSkeleton {...frame} />;
  return <>{children}</>;
}
