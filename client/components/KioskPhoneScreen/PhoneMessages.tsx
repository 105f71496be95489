import { Alert, Button, Input, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { wrappingLabel } from '../../lib/wrapping-label';
import { trpc } from '../../trpc';
import { AlertRegion, LiveRegion } from '../LiveRegion';
import classes from './KioskPhoneScreen.module.css';

type LookupError = ReturnType<typeof trpc.kiosk.lookupCustomer.useMutation>['error'];

/** A lookup's failure, and the offer to register when the number is nobody's. */
function LookupFailure({ message, onRegister }: { message: ReactNode; onRegister?: () => void }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{message}</Text>
      {onRegister && (
        <Button variant="outline" size="lg" onClick={onRegister} {...wrappingLabel}>
          Register New Customer
        </Button>
      )}
    </Stack>
  );
}

/**
 * The phone screen's messages, under the number, in room kept for them: when one comes, the keypad and Login
 * below stay where they were, under the patron's finger. The room is the tallest message's, a failure of two
 * lines offering Register New Customer, held open by an unseen, unheard twin of it.
 */
export function PhoneMessages({ invalid, invalidId, lookupError, onRegister }: { invalid: boolean; invalidId: string; lookupError: LookupError; onRegister: () => void }) {
  return (
    <div className={classes.messages}>
      <LiveRegion role="alert">
        {invalid && (
          <Input.Error id={invalidId} size="xl">
            Please enter a valid phone number.
          </Input.Error>
        )}
      </LiveRegion>
      <AlertRegion variant="light">
        {lookupError && (
          // Only a number nobody has can be registered: not after a failure to reach the server.
          <LookupFailure message={errorMessage(lookupError, callFallbacks.findCustomer)} onRegister={lookupError.data?.code === 'NOT_FOUND' ? onRegister : undefined} />
        )}
      </AlertRegion>
      {/* As AlertRegion shows a failure; inert, its button is never reached. */}
      <div className={classes.room} aria-hidden inert>
        <Alert color="red" variant="light">
          <LookupFailure
            message={
              <>
                &nbsp;
                <br />
                &nbsp;
              </>
            }
            onRegister={onRegister}
          />
        </Alert>
      </div>
    </div>
  );
}
