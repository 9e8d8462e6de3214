import type PgBoss from 'pg-boss'
import { createQueue } from './jobQueues'

const fakeBoss = (failures: unknown[]) => {
  const calls: string[] = []
  const boss = {
    createQueue: async (name: string) => {
      calls.push(name)
      const failure = failures.shift()
      if (failure) throw failure
    },
  } as unknown as PgBoss
  return { boss, calls }
}

describe('createQueue: several API processes starting at once', () => {
  it('tries again after a deadlock or a duplicate, and then has the queue', async () => {
    const { boss, calls } = fakeBoss([
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      Object.assign(new Error('duplicate key'), { code: '23505' }),
    ])
    await createQueue(boss, { name: 'koma-test' })
    expect(calls).toEqual(['koma-test', 'koma-test', 'koma-test'])
  })

  it('lets any other failure through at once', async () => {
    const { boss, calls } = fakeBoss([Object.assign(new Error('permission denied'), { code: '42501' })])
    await expect(createQueue(boss, { name: 'koma-test' })).rejects.toThrow('permission denied')
    expect(calls).toEqual(['koma-test'])
  })
})
