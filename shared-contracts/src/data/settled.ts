/**
 * The promise, marked as React's use() marks the promises it has seen settle (status, value), so
 * a render after the download reads the value at once instead of suspending for a microtask. Read
 * it through use() every render, never conditionally.
 */
export function readableWhenDone<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: 'fulfilled'; value?: T }
  void promise.then(
    (value) => {
      tracked.status = 'fulfilled'
      tracked.value = value
    },
    () => undefined,
  )
  return promise
}
