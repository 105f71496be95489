import { Button, Input, Stack, Text } from '@mantine/core';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { wrappingLabel } from '../../lib/wrapping-label';
import { trpc } from '../../trpc';
import { AlertRegion, LiveRegion } from '../LiveRegion';
import classes from './KioskPhoneScreen.module.css';

const TOO_SHORT = 'Please enter a valid phone number.';

type LookupError = ReturnType<typeof trpc.kiosk.lookupCustomer.useMutation>['error'];

/**
 * The phone screen's messages, under the number. Room is kept for the message of a number too short, the slip
 * a patron makes while typing, so that it leaves the keypad and Login where they were, under the patron's finger.
 * A number nobody has takes the room it needs, with Register New Customer, the patron's next step: keeping
 * room for that at all times left a blank band between the number and the keypad.
 */
export function PhoneMessages({ invalid, invalidId, lookupError, onRegister }: { invalid: boolean; invalidId: string; lookupError: LookupError; onRegister: () => void }) {
  return (
    <div className={classes.messages}>
      <LiveRegion role="alert">
        {invalid && (
          <Input.Error id={invalidId} size="xl">
            {TOO_SHORT}
          </Input.Error>
        )}
      </LiveRegion>
      <AlertRegion variant="light">
        {lookupError && (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(lookupError, callFallbacks.findCustomer)}</Text>
            {/* Only a number nobody has can be registered: not after a failure to reach the server. */}
            {lookupError.data?.code === 'NOT_FOUND' && (
              <Button variant="outline" size="lg" onClick={onRegister} {...wrappingLabel}>
                Register New Customer
              </Button>
            )}
          </Stack>
        )}
      </AlertRegion>
      {/* As tall as the message of a number too short, at any width (its text drawn from data-room); unseen, unheard. */}
      <Input.Error className={classes.room} size="xl" aria-hidden data-room={TOO_SHORT} />
    </div>
  );
}
