import type { FieldError, RewardSetting } from '@koma/contracts/server'
import type { AppDeps } from '../../deps'

/** The columns a coupon, a gift and an inbox copy of it keep their reward in. */
export const rewardColumns = (reward: RewardSetting) => ({
  kind: reward.kind,
  coin_type: reward.coinType,
  amount: reward.amount,
  content_id: reward.contentId,
  grant_valid_days: reward.validDays,
})

/** Tickets for one title name a title that exists. */
export async function checkRewardTitle(deps: AppDeps, reward: RewardSetting, refuse: (errors: FieldError[]) => Error): Promise<void> {
  if (reward.contentId === null) return
  const title = await deps.db.selectFrom('contents').select('id').where('id', '=', reward.contentId).executeTakeFirst()
  if (!title) throw refuse([{ field: 'contentId', problem: 'invalid' }])
}
