import type { OperatorStatus } from '@koma/contracts/ops'

/** Test helper: an operator whose session confirmed the second factor (what GET /ops/me answers then). */
export const VERIFIED_OPERATOR: OperatorStatus = {
  userId: 9,
  nickname: 'Koma Ops',
  enrolled: true,
  verified: true,
  verifiedUntil: '2026-11-25T05:00:00.000Z',
  nextCodeNeeded: false,
}
