import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react'
import type { ContentType } from '../routes/params'
import { loadExposed } from './bridge'
import { RemoteBoundary } from './RemoteBoundary'
import { Spinner } from './Spinner'

/**
 * Every component one remote exposes for another to embed, with its props: the same contract
 * for slots as `DialogMap` is for dialogs. The exposing remote's component takes `SlotModuleProps`.
 */
export interface SlotMap {
  mf_community: {
    /** The chapter's most liked comments under the viewer's chapter end. */
    './chapterComments': { contentType: ContentType; contentId: number; chapterId: number }
  }
}

export type SlotRemote = keyof SlotMap
export type SlotModule<R extends SlotRemote> = keyof SlotMap[R] & string
export type SlotModuleProps<R extends SlotRemote, M extends SlotModule<R>> = SlotMap[R][M]

interface SlotProps<R extends SlotRemote, M extends SlotModule<R>> {
  remote: R
  /** An exposed module of that remote whose default export is a component. */
  module: M
  props: SlotModuleProps<R, M>
}

/** Embeds another remote's exposed component (e.g. the chapter comments under the viewer). */
export function Slot<R extends SlotRemote, M extends SlotModule<R>>({ remote, module, props }: SlotProps<R, M>) {
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
