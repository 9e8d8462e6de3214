import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react'
import type { RemoteName } from '../remotes'
import { loadExposed } from './bridge'
import { RemoteBoundary } from './RemoteBoundary'
import { Spinner } from './Spinner'

interface SlotProps<P> {
  remote: RemoteName
  /** An exposed module of that remote whose default export is a component. */
  module: string
  props: P
}

/** Embeds another remote's exposed component (e.g. the chapter comments under the viewer). */
export function Slot<P extends object>({ remote, module, props }: SlotProps<P>) {
  const [attempt, setAttempt] = useState(0)
  const Lazy = useMemo(
    () => lazy(() => loadExposed<{ default: ComponentType<object> }>(remote, module)),
    // A retry builds a fresh lazy component so the load happens again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, module, attempt],
  )
  return (
    <RemoteBoundary area={`${remote}${module.slice(1)}`} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Spinner />}>
        <Lazy {...(props as object)} />
      </Suspense>
    </RemoteBoundary>
  )
}
