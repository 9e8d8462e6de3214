import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'

/**
 * Every edge process keeps copies of the API's public answers (home, a title's page) for their
 * max-age. When an operator's write goes through one edge, that edge forgets its copies at once;
 * this bus tells the other edge processes to forget theirs too (issue 18: no edge serves a
 * change stale that another edge has seen made). Redis pub/sub, on the Redis the edges already
 * share (KOMA_EDGE_STORE=redis, which more than one edge needs).
 *
 * Fails open: while Redis is away, a message is lost, so each edge forgets everything once it
 * listens again; an edge that could not tell the others leaves their copies to their max-age.
 */
export interface AnswerBus {
  /** Starts listening: `forget` runs for another edge's message, and each time listening (re)starts. */
  listen(forget: () => void, log?: BusLog): Promise<void>
  /** Tells the other edges to forget (resolves once Redis has handed the message to them). */
  tell(): Promise<void>
  close(): Promise<void>
}

export interface BusLog {
  warn(obj: object, msg: string): void
}

export function redisAnswerBus(redis: Redis, prefix: string): AnswerBus {
  const channel = `${prefix}answers-changed`
  const me = randomUUID()
  let subscriber: Redis | null = null
  let log: BusLog | undefined
  return {
    async listen(forget, logTo) {
      log = logTo
      const listening = redis.duplicate()
      subscriber = listening
      listening.on('error', () => undefined)
      // A message names the edge that sent it: its own copies are already gone.
      listening.on('message', (heardOn: string, sender: string) => {
        if (heardOn === channel && sender !== me) forget()
      })
      let subscribing: Promise<void> | null = null
      const subscribe = (): Promise<void> =>
        (subscribing ??= listening.subscribe(channel).then(
          () => undefined,
          (err: unknown) => {
            subscribing = null
            log?.warn({ err }, 'the edges cannot tell each other of changed answers yet (Redis); retrying')
          },
        ))
      // What was said while this edge did not listen is lost: forget everything once listening
      // (again). ioredis subscribes again by itself after a reconnection; the first time is ours.
      listening.on('ready', () => {
        forget()
        void subscribe()
      })
      await listening.connect().catch(() => undefined)
      if (listening.status === 'ready') await subscribe()
    },
    async tell() {
      try {
        if (redis.status === 'wait') await redis.connect()
        await redis.publish(channel, me)
      } catch (err) {
        log?.warn({ err }, 'could not tell the other edges to forget their copies (Redis); they keep them for their max-age')
      }
    },
    async close() {
      const listening = subscriber
      subscriber = null
      await listening?.quit().catch(() => listening.disconnect())
    },
  }
}
