import { Card, Container, type ContainerProps, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import type { Role } from '../../../shared/constants';
import { useAuth } from '../../hooks/use-auth';
import { returnAfterCheckState } from '../../lib/return-after-check';
import { WhileLoading } from '../DataState';

/** The shared-layout guard of SPEC section 6; the staff guard's roles are STAFF_ROLES (shared/accounts.ts). */
export const SHARED_LAYOUT_ROLES: Role[] = ['user', 'admin', 'library_admin', 'customer'];

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

export function AccessDenied({ message }: { message: string }) {
  return (
    <Container size="sm" py="xl">
      <Card withBorder padding="xl" role="alert">
        <Title order={2} size="h3" mb="sm">
          Access Denied
        </Title>
        <Text>{message}</Text>
      </Card>
    </Container>
  );
}

/**
 * Shows its children to signed-in users with an allowed role. Signed-out users are sent to
 * /login, replacing the history entry so Back does not return to the guarded page; when the session
 * check failed, the entry notes this page, to come back to once the check is asked again.
 */
export function AuthGuard({ roles = SHARED_LAYOUT_ROLES, frame, children }: { roles?: Role[]; frame: PageFrame; children: ReactNode }) {
  const { user, isLoading, error } = useAuth();
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!isLoading && !user) navigate('/login', { replace: true, state: error ? returnAfterCheckState() : undefined });
  }, [isLoading, user, error, navigate]);

  if (isLoading || !user) return <AuthenticatingSkeleton {...frame} />;
  if (!roles.includes(user.role)) {
    return <AccessDenied message={`Access denied. Your role (${user.role}) lacks required permissions.`} />;
  }
  return <>{children}</>;
}
