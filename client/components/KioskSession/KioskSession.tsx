import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useKioskInactivity } from '../../hooks/use-kiosk-inactivity';
import { useKioskLock } from '../../hooks/use-kiosk-lock';
import { focusHeading } from '../../lib/focus-heading';
import { trpc } from '../../trpc';
import { InactivityWarning } from '../InactivityWarning';
import { type KioskCustomer, KioskCustomerScreen } from '../KioskCustomerScreen';
import { KioskPhoneScreen } from '../KioskPhoneScreen';
import { KioskRegistration } from '../KioskRegistration';

/**
 * A number typed, or a registration, left half done by someone who walked away: after the kiosk's idle
 * time (as on the customer screen, `?inactivityMs=N` shortens it) it is cleared for the next person. A
 * registration, with more to lose, is warned about first, as a signed-in customer is.
 */
function ClearWhenIdle({ onIdle, warn }: { onIdle: () => void; warn: boolean }) {
  const { secondsLeft, stayActive } = useKioskInactivity(onIdle);
  return warn ? <InactivityWarning secondsLeft={secondsLeft} onStay={stayActive} outcome="this form will be cleared" /> : null;
}

/**
 * A new screen (the customer's, after identifying or registering; the phone screen, after Logout or
 * Cancel) takes away the button that had focus. Unless the screen focuses a field of its own, focus goes
 * to its heading, which is read out, rather than falling to the page. The returned ref holds the screens.
 * It starts at its top, the library's name in view, as a new page does: not where the last patron had
 * scrolled the one before (on a phone, down to Login or a book).
 */
function useFocusOnNewScreen(screen: string) {
  const container = useRef<HTMLDivElement>(null);
  const shown = useRef(screen);
  useEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
    window.scrollTo({ top: 0, behavior: 'instant' });
    const heading = container.current?.querySelector<HTMLElement>('h2');
    if (heading && container.current) focusHeading(container.current, heading);
  }, [screen]);
  return container;
}

/**
 * What a patron leaves in the terminal's memory, dropped as the next person's round starts: their rentals,
 * the books they searched for, who the lookup or registration found, and the toasts saying so. Kept, it
 * would stay minutes in the cache and in its saved copy (lib/offline-cache.ts), under the staff member's account.
 */
function useForgetPatron() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ queryKey: getQueryKey(trpc.rentals.list) });
    queryClient.removeQueries({ queryKey: getQueryKey(trpc.books.list) });
    queryClient.getMutationCache().clear();
    // Their toasts too ('Customer "…" found.'): gone before the next person comes, not faded out over them.
    toast.remove();
  };
}

/** Phone entry, optional registration, the customer's session, and back to phone entry (SPEC section 4). */
export function KioskSession({ libraryId }: { libraryId: number }) {
  useKioskLock();
  const [phone, setPhone] = useState('');
  const [registering, setRegistering] = useState(false);
  const [customer, setCustomer] = useState<KioskCustomer | null>(null);
  // A new round starts the phone screen afresh, its messages gone.
  const [round, setRound] = useState(0);

  const signIn = (next: KioskCustomer) => {
    setRegistering(false);
    setCustomer(next);
  };
  const forgetPatron = useForgetPatron();
  const startOver = () => {
    forgetPatron();
    setCustomer(null);
    setRegistering(false);
    setPhone('');
    setRound((n) => n + 1);
  };

  const container = useFocusOnNewScreen(customer ? `customer ${customer.id}` : registering ? 'registration' : `phone ${round}`);

  return (
    <div ref={container}>
      {customer ? (
        <KioskCustomerScreen key={customer.id} libraryId={libraryId} customer={customer} onLogout={startOver} />
      ) : (
        <>
          {/* Siblings' keys differ: two of one key, React dropped the idle watch without its cleanup, its
              listeners and timer left running behind each number typed and deleted. */}
          {(registering || phone !== '') && <ClearWhenIdle key={`idle ${round}`} onIdle={startOver} warn={registering} />}
          {registering ? (
            <KioskRegistration key={`registration ${round}`} libraryId={libraryId} phone={phone} onRegistered={signIn} onCancel={() => setRegistering(false)} />
          ) : (
            <KioskPhoneScreen key={`phone ${round}`} libraryId={libraryId} phone={phone} onPhoneChange={setPhone} onIdentified={signIn} onRegister={() => setRegistering(true)} />
          )}
        </>
      )}
    </div>
  );
}
