interface Flight {
  running: Promise<unknown>;
  /** The run that starts when `running` settles, shared by every call made meanwhile. */
  queued?: Promise<unknown>;
}

/**
 * Identical concurrent calls share one computation, and none sees figures from before it was
 * made: a call joins a run only if that run has not started yet. While a run is going, the
 * calls that arrive wait for the one run queued after it. So at most two runs per key exist,
 * and a burst of N identical requests costs at most two queries instead of N.
 */
export function createCoalescer() {
  const flights = new Map<string, Flight>();

  function start<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const flight: Flight = { running: Promise.resolve().then(compute) };
    flights.set(key, flight);
    const settled = () => {
      // A queued run replaces this entry as it starts; otherwise the key is free again.
      if (!flight.queued) flights.delete(key);
    };
    flight.running.then(settled, settled);
    return flight.running as Promise<T>;
  }

  return function coalesce<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const flight = flights.get(key);
    if (!flight) return start(key, compute);
    const after = () => start(key, compute);
    flight.queued ??= flight.running.then(after, after);
    return flight.queued as Promise<T>;
  };
}
