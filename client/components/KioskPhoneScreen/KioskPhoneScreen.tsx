import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { KIOSK_PHONE_MAX_CHARS, KIOSK_PHONE_MIN_DIGITS } from '../../../shared/constants';
import { type Customer, phoneDigits } from '../../../shared/schemas';
import { useApplyUpdateWhenIdle } from '../../hooks/use-apply-update-when-idle';
import { useKeypadKeys } from '../../hooks/use-keypad-keys';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { busyButtonProps } from '../../lib/busy';
import { offlineMeta } from '../../lib/offline-mutations';
import { trpc } from '../../trpc';
import { Keypad } from './Keypad';
import { PhoneMessages } from './PhoneMessages';
import classes from './KioskPhoneScreen.module.css';

const OFFLINE_LOOKUP_MESSAGE = 'You are offline. Finding you by your number needs a connection; try again when you are back online.';

interface KioskPhoneScreenProps {
  libraryId: number;
  phone: string;
  onPhoneChange: (phone: string) => void;
  onIdentified: (customer: Customer) => void;
  onRegister: () => void;
}

/** A patron identifies by phone number, typed on the keypad (or a keyboard, if the terminal has one). */
export function KioskPhoneScreen({ libraryId, phone, onPhoneChange, onIdentified, onRegister }: KioskPhoneScreenProps) {
  const [invalid, setInvalid] = useState(false);
  const invalidId = useId();
  const field = useRef<HTMLInputElement>(null);
  // Mantine describes a field only by an error it renders itself (it overrides an aria-describedby given).
  useLayoutEffect(() => {
    if (invalid) field.current?.setAttribute('aria-describedby', invalidId);
    else field.current?.removeAttribute('aria-describedby');
  }, [invalid, invalidId]);
  const lookup = trpc.kiosk.lookupCustomer.useMutation({ meta: offlineMeta(OFFLINE_LOOKUP_MESSAGE) });
  const lookupOnce = useOneAtATime(lookup);

  // What was typed, including keys met before React renders again (a keyboard's keys come in quick succession).
  const typed = useRef(phone);
  typed.current = phone;
  const edit = (next: string) => {
    // As the keypad, a keyboard waits for the lookup's answer.
    if (lookup.isPending) return;
    setInvalid(false);
    lookup.reset();
    typed.current = next;
    onPhoneChange(next);
  };
  const addDigit = (digit: string) => {
    if (typed.current.length < KIOSK_PHONE_MAX_CHARS) edit(typed.current + digit);
  };
  const deleteDigit = () => edit(typed.current.slice(0, -1));
  const logIn = () => {
    if (phoneDigits(typed.current).length < KIOSK_PHONE_MIN_DIGITS) return setInvalid(true);
    // This call's own callback: a lookup the number's edit has reset (and abandoned) signs nobody in.
    lookupOnce(
      { libraryId, phoneNumber: typed.current },
      {
        onSuccess: ({ customer }) => {
          toast.success(`Customer "${customer.displayName}" found.`);
          onIdentified(customer);
        },
      },
    );
  };

  // A new version of the app takes over while no patron is here: nothing typed, no lookup under way.
  useApplyUpdateWhenIdle(phone === '' && !lookup.isPending);
  useKeypadKeys({ addDigit, deleteDigit, logIn });

  return (
    <Paper withBorder shadow="sm" radius="md" p="lg" mx="auto" className={classes.screen}>
      <div className={classes.columns}>
        <Stack gap="md">
          <div>
            <Title order={2} ta="center">
              Welcome!
            </Title>
            <Text c="dimmed" ta="center">
              Enter your phone number to start renting books
            </Text>
          </div>
          <TextInput
            readOnly
            value={phone}
            label="Phone number"
            placeholder="Your phone number"
            size="xl"
            styles={{ input: { textAlign: 'center', letterSpacing: 2, fontVariantNumeric: 'tabular-nums' } }}
            // The field never has focus (the keypad types into it), so its error is not Mantine's, which comes
            // with its text, but one coming into an alert region already under the field: it is heard.
            error={invalid}
            ref={field}
            inputContainer={(input) => (
              <>
                {input}
                <PhoneMessages invalid={invalid} invalidId={invalidId} lookupError={lookup.error} onRegister={onRegister} />
              </>
            )}
          />
        </Stack>
        <Stack gap="md">
          <Keypad onDigit={addDigit} onDelete={deleteDigit} disabled={lookup.isPending} />
          <Button size="xl" onClick={logIn} {...busyButtonProps(lookup.isPending)}>
            Login
          </Button>
        </Stack>
      </div>
    </Paper>
  );
}
