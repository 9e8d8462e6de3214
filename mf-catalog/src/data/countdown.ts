import { useEffect, useState } from 'react'

/** Seconds left, ticking down once a second from the value the API sent. */
export function useCountdown(seconds: number): number {
  const [started] = useState(() => Date.now())
  const [now, setNow] = useState(started)
  useEffect(() => {
    if (seconds <= 0) return
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [seconds])
  return Math.max(0, seconds - Math.floor((now - started) / 1000))
}

/** 27 h 5 min → { days: 1, hours: 3, minutes: 5, seconds } */
export function splitDuration(total: number): { days: number; hours: number; minutes: number; seconds: number } {
  const s = Math.max(0, Math.floor(total))
  return { days: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 }
}

export const clock = (total: number): string => {
  const { days, hours, minutes, seconds } = splitDuration(total)
  const h = days * 24 + hours
  return `${String(h).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`
}
