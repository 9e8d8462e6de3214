import { useCallback, useEffect, useRef, useState, type TouchEvent } from 'react'

export interface Zoom {
  scale: number
  x: number
  y: number
}

const MAX_SCALE = 4
const DOUBLE_TAP_SCALE = 2.5
const NONE: Zoom = { scale: 1, x: 0, y: 0 }

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(1, scale))

/** Keep the zoomed page covering the stage: no empty margins dragged into view. */
function clampPan(zoom: Zoom, width: number, height: number): Zoom {
  if (zoom.scale <= 1) return NONE
  const minX = width - width * zoom.scale
  const minY = height - height * zoom.scale
  return { scale: zoom.scale, x: Math.min(0, Math.max(minX, zoom.x)), y: Math.min(0, Math.max(minY, zoom.y)) }
}

/**
 * Zoom by `factor` around a point of the stage (the point stays under the pointer), clamped to
 * 1×–4× and to the stage. Used by ctrl + wheel (and trackpad pinch, which browsers report as it).
 */
export function zoomAt(current: Zoom, factor: number, x: number, y: number, width: number, height: number): Zoom {
  const scale = clampScale(current.scale * factor)
  const ratio = scale / current.scale
  return clampPan({ scale, x: x - (x - current.x) * ratio, y: y - (y - current.y) * ratio }, width, height)
}

/** Wheel travel (pixels) that doubles or halves the scale. */
const WHEEL_PIXELS_PER_DOUBLING = 400

/**
 * Pinch and double-tap zoom, and panning while zoomed, for a stage of the given size. The
 * transform is `translate(x, y) scale(s)` from the top-left corner. Swipes are reported back
 * (for page turns) only while not zoomed.
 */
export function useZoom(size: { width: number; height: number }, onSwipe: (dx: number, dy: number) => void) {
  const [zoom, setZoom] = useState<Zoom>(NONE)
  const gesture = useRef<{
    kind: 'pan' | 'pinch' | null
    startX: number
    startY: number
    lastX: number
    lastY: number
    distance: number
    start: Zoom
    moved: boolean
  }>({
    kind: null,
    startX: 0,
    startY: 0,
    lastX: 0,
    lastY: 0,
    distance: 0,
    start: NONE,
    moved: false,
  })
  const zoomRef = useRef(zoom)
  zoomRef.current = zoom

  const reset = useCallback(() => setZoom(NONE), [])

  /** Zoom in at a point of the stage, or back out when zoomed. */
  const toggleAt = useCallback(
    (x: number, y: number) => {
      setZoom((current) => {
        if (current.scale > 1) return NONE
        const scale = DOUBLE_TAP_SCALE
        return clampPan({ scale, x: x - x * scale, y: y - y * scale }, size.width, size.height)
      })
    },
    [size.width, size.height],
  )

  const onTouchStart = useCallback((event: TouchEvent) => {
    const g = gesture.current
    g.moved = false
    const [a, b] = [event.touches[0], event.touches[1]]
    if (event.touches.length === 2 && a && b) {
      g.kind = 'pinch'
      g.distance = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY)
      g.startX = (a.clientX + b.clientX) / 2
      g.startY = (a.clientY + b.clientY) / 2
      g.start = zoomRef.current
    } else if (event.touches.length === 1 && a) {
      g.kind = 'pan'
      g.startX = g.lastX = a.clientX
      g.startY = g.lastY = a.clientY
      g.start = zoomRef.current
    }
  }, [])

  const onTouchMove = useCallback(
    (event: TouchEvent) => {
      const g = gesture.current
      const [a, b] = [event.touches[0], event.touches[1]]
      if (g.kind === 'pinch' && event.touches.length === 2 && a && b) {
        const distance = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY)
        const scale = clampScale((g.start.scale * distance) / Math.max(1, g.distance))
        // Keep the point between the fingers where it was.
        const ratio = scale / g.start.scale
        g.moved = true
        setZoom(clampPan({ scale, x: g.startX - (g.startX - g.start.x) * ratio, y: g.startY - (g.startY - g.start.y) * ratio }, size.width, size.height))
      } else if (g.kind === 'pan' && event.touches.length === 1 && a) {
        g.lastX = a.clientX
        g.lastY = a.clientY
        if (Math.abs(g.lastX - g.startX) > 8 || Math.abs(g.lastY - g.startY) > 8) g.moved = true
        if (zoomRef.current.scale > 1)
          setZoom(clampPan({ ...g.start, x: g.start.x + (g.lastX - g.startX), y: g.start.y + (g.lastY - g.startY) }, size.width, size.height))
      }
    },
    [size.width, size.height],
  )

  const onTouchEnd = useCallback(
    (event: TouchEvent) => {
      const g = gesture.current
      if (g.kind === 'pan' && event.touches.length === 0 && zoomRef.current.scale <= 1 && g.moved) onSwipe(g.lastX - g.startX, g.lastY - g.startY)
      if (event.touches.length === 0) g.kind = null
    },
    [onSwipe],
  )

  /** True right after a drag or pinch: the click that follows is not a tap. */
  const consumedGesture = useCallback(() => {
    const moved = gesture.current.moved
    gesture.current.moved = false
    return moved
  }, [])

  /**
   * Desktop: ctrl + wheel zooms at the pointer instead of zooming the whole page; the wheel alone
   * pans while zoomed. A native listener, because React's wheel listener is passive.
   */
  const [stage, setStage] = useState<HTMLElement | null>(null)
  useEffect(() => {
    if (!stage) return
    const onWheel = (event: WheelEvent) => {
      const rect = stage.getBoundingClientRect()
      const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault()
        setZoom((current) =>
          zoomAt(current, Math.pow(2, -pixels / WHEEL_PIXELS_PER_DOUBLING), event.clientX - rect.left, event.clientY - rect.top, size.width, size.height),
        )
      } else if (zoomRef.current.scale > 1) {
        event.preventDefault()
        const dx = event.deltaMode === 1 ? event.deltaX * 16 : event.deltaX
        setZoom((current) => clampPan({ ...current, x: current.x - dx, y: current.y - pixels }, size.width, size.height))
      }
    }
    stage.addEventListener('wheel', onWheel, { passive: false })
    return () => stage.removeEventListener('wheel', onWheel)
  }, [stage, size.width, size.height])

  return { zoom, reset, toggleAt, consumedGesture, stageRef: setStage, handlers: { onTouchStart, onTouchMove, onTouchEnd } }
}
