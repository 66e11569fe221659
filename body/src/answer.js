// Answers and results as protocol 2 has them. An action returns one of
// these; the protocol module adds the status, id and action.

/** @typedef {{result: string, message: string, reason?: string, log?: string[], data?: any}} Outcome */

export const SUCCESS = 'SUCCESS';
export const FAILURE = 'FAILURE';
export const FAILURE_TIMEOUT = 'FAILURE_TIMEOUT';
export const FAILURE_BUSY = 'FAILURE_BUSY';
export const FAILURE_DEAD = 'FAILURE_DEAD';
export const FAILURE_EXCEPTION = 'FAILURE_EXCEPTION';
export const FAILURE_INVALID = 'FAILURE_INVALID';
export const FAILURE_PROTECTED = 'FAILURE_PROTECTED';
export const FAILURE_NO_DROPS = 'FAILURE_NO_DROPS';
export const FAILURE_INVENTORY_FULL = 'FAILURE_INVENTORY_FULL';
export const FAILURE_FURNACE_BUSY = 'FAILURE_FURNACE_BUSY';
export const INTERRUPTED = 'INTERRUPTED';

/** @returns {Outcome} */
export function ok(message, data) {
  return data === undefined ? { result: SUCCESS, message } : { result: SUCCESS, message, data };
}

/** @returns {Outcome} */
export function fail(result, message, data) {
  return data === undefined ? { result, message } : { result, message, data };
}

/** interruption is what the signal's reason carries when an action is cut short. */
export class Interruption extends Error {
  /** @param {string} reason one of replaced, stopped, death, disconnected, "reflex: …" */
  constructor(reason) {
    super(`interrupted (${reason})`);
    this.reason = reason;
  }
}

/** throwIfAborted ends an action whose signal has fired. */
export function throwIfAborted(signal) {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Interruption(String(signal.reason));
}

/**
 * abortable races a promise against the signal, so an action waiting on the
 * game wakes at once when it is replaced or stopped.
 * @template T
 * @param {Promise<T>} promise
 * @param {AbortSignal} signal
 * @returns {Promise<T>}
 */
export function abortable(promise, signal) {
  throwIfAborted(signal);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Interruption(String(signal.reason)));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => { signal.removeEventListener('abort', onAbort); resolve(v); },
      (e) => { signal.removeEventListener('abort', onAbort); reject(e); },
    );
  });
}

/** sleep waits ms or until the signal fires. */
export function sleep(ms, signal) {
  throwIfAborted(signal);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Interruption(String(signal.reason)));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
