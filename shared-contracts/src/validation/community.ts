import Joi from 'joi'
import { COMMENT_ISSUES, COMMENT_MAX, commentProblem, CONTENT_ISSUES, REPORT_MESSAGE_MAX, type ReportType } from '../domain/community'
import { boundedString } from './core'

/**
 * SPEC §5 comment: required (white space alone is empty), at most 400 characters, no control
 * characters. The value is kept exactly as written (no trimming).
 */
export const commentTextSchema = boundedString(COMMENT_MAX, 'commentLength', 'characters')
  .required()
  .custom((value: string, helpers) => {
    const problem = commentProblem(value)
    if (problem === 'required') return helpers.error('comment.required')
    if (problem === 'tooLong') return helpers.error('comment.length')
    if (problem === 'characters') return helpers.error('comment.characters')
    return value
  })
  .messages({
    'any.required': 'commentRequired',
    'string.base': 'commentRequired',
    'string.empty': 'commentRequired',
    'comment.required': 'commentRequired',
    'comment.length': 'commentLength',
    'comment.characters': 'commentCharacters',
  })

export const commentFormSchema = Joi.object({ comment: commentTextSchema })

/** SPEC §5 report: a category from the type's list is required; the description is optional. */
export function reportSchema(type: ReportType) {
  const codes: readonly string[] = type === 'comment' ? COMMENT_ISSUES : CONTENT_ISSUES
  return Joi.object({
    category: Joi.string()
      .required()
      .valid(...codes)
      .messages({
        'any.required': 'reportCategoryRequired',
        'string.empty': 'reportCategoryRequired',
        'any.only': 'reportCategoryRequired',
        'string.base': 'reportCategoryRequired',
      }),
    message: boundedString(REPORT_MESSAGE_MAX, 'reportMessageLength')
      .allow('')
      .custom((value: string, helpers) => (commentProblem(value) === 'characters' ? helpers.error('report.characters') : value))
      .default('')
      .messages({ 'string.base': 'reportMessageLength', 'report.characters': 'reportMessageCharacters' }),
  })
}
