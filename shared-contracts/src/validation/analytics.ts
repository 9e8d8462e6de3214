import Joi from 'joi'
import { ANALYTICS_EVENTS, ANALYTICS_LIMITS, type AnalyticsEvent } from '../domain/analytics'

const prop = Joi.alternatives().try(Joi.string().max(ANALYTICS_LIMITS.propText).allow(''), Joi.number(), Joi.boolean())

/** One batch of analytics events as the browser sends it (a JSON array in the `events` field). */
export const analyticsBatchSchema = Joi.array()
  .items(
    Joi.object({
      id: Joi.string().pattern(/^[A-Za-z0-9_-]{8,40}$/),
      name: Joi.string()
        .valid(...ANALYTICS_EVENTS)
        .required(),
      path: Joi.string().max(ANALYTICS_LIMITS.text).pattern(/^\//).required(),
      at: Joi.number().integer().min(0).required(),
      props: Joi.object()
        .pattern(/^[a-z][a-z0-9_]{0,39}$/, prop)
        .max(ANALYTICS_LIMITS.props),
    }).unknown(false),
  )
  .min(1)
  .max(ANALYTICS_LIMITS.batch)

/** The batch in `raw` (JSON text), or null when it is not one (too long, not JSON, or off the schema). */
export function parseAnalyticsBatch(raw: unknown): AnalyticsEvent[] | null {
  if (typeof raw !== 'string' || raw.length > 64 * 1024) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  const result = analyticsBatchSchema.validate(value, { abortEarly: true, convert: false })
  return result.error ? null : (result.value as AnalyticsEvent[])
}
