import type PgBoss from 'pg-boss'

/** PostgreSQL's deadlock and unique-violation codes: what two processes creating one queue at once get. */
const RACE_CODES = new Set(['40P01', '23505'])
const ATTEMPTS = 5

/**
 * Create a pg-boss queue (or keep the one there) even when several API processes start at once.
 * pg-boss's create_queue checks, then creates the queue's table and constraints; two processes
 * doing it at the same moment deadlock on those locks (the PostgreSQL fault test caught one API
 * process failing to start so). A deadlock is PostgreSQL's way of saying "try again": the loser
 * does, after a short random pause, and then finds the queue made.
 */
export async function createQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(queue.name, queue)
      return
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RACE_CODES.has(code)) throw error
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt))
    }
  }
}
