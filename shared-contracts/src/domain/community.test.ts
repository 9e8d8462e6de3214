import { validate, commentFormSchema, reportSchema } from '../validation'
import {
  COMMENT_ISSUES,
  COMMENT_MAX,
  COMMENT_RATE_LIMIT,
  commentLength,
  commentProblem,
  commentRateCheck,
  CONTENT_ISSUES,
  isCommentIssue,
  isContentIssue,
} from './community'

describe('comment text (SPEC §5, §9)', () => {
  it('is required and at most 400 characters', () => {
    expect(COMMENT_MAX).toBe(400)
    expect(commentProblem('')).toBe('required')
    expect(commentProblem(undefined)).toBe('required')
    expect(commentProblem('a'.repeat(400))).toBeNull()
    expect(commentProblem('a'.repeat(401))).toBe('tooLong')
  })

  it('treats white space of any kind alone as empty', () => {
    for (const blank of [' ', '\n\n', '\t \r\n', '\u3000', '\u200b\ufeff', '\u00a0']) expect(commentProblem(blank)).toBe('required')
    expect(commentProblem('  a  ')).toBeNull()
  })

  it('counts code points, so an emoji is one character', () => {
    expect(commentLength('😀')).toBe(1)
    expect(commentProblem('😀'.repeat(400))).toBeNull()
    expect(commentProblem('😀'.repeat(401))).toBe('tooLong')
  })

  it('refuses control characters but keeps line breaks, tabs, markup and bidi marks as written', () => {
    expect(commentProblem('a\u0000b')).toBe('characters')
    expect(commentProblem('a\u001bb')).toBe('characters')
    expect(commentProblem('a\u007fb')).toBe('characters')
    expect(commentProblem('line\nnext\tcol\r\n')).toBeNull()
    expect(commentProblem('<script>alert(1)</script>')).toBeNull()
    expect(commentProblem('\u202Egnp.exe')).toBeNull()
  })

  it('gives the SPEC message in each language, French "Merci de saisir un commentaire."', () => {
    expect(validate(commentFormSchema, { comment: '   ' }, 'fr').errors).toEqual([{ field: 'comment', message: 'Merci de saisir un commentaire.' }])
    expect(validate(commentFormSchema, {}, 'ja').errors[0]?.message).toBe('コメントを入力してください。')
    expect(validate(commentFormSchema, { comment: 'x'.repeat(401) }, 'en').errors[0]?.message).toBe('Please keep your comment to 400 characters or fewer.')
    const ok = validate(commentFormSchema, { comment: '  kept as written  ' }, 'en')
    expect([ok.errors, ok.value.comment]).toEqual([[], '  kept as written  '])
  })
})

describe('report categories (SPEC §3, §5)', () => {
  it('uses the comment and content issue codes of configuration', () => {
    expect(COMMENT_ISSUES).toEqual(['unpleasant', 'spam', 'personal_information', 'sexual_violence', 'inappropriate_solicitation', 'other'])
    expect(CONTENT_ISSUES).toEqual(['aspect', 'caption', 'image', 'order', 'name', 'other'])
    expect(isCommentIssue('spam')).toBe(true)
    expect(isCommentIssue('image')).toBe(false)
    expect(isContentIssue('image')).toBe(true)
  })

  it('requires a category of the right list; the description is optional', () => {
    expect(validate(reportSchema('comment'), {}, 'en').errors).toEqual([{ field: 'category', message: 'Please select a report category.' }])
    expect(validate(reportSchema('comment'), { category: 'image' }, 'en').errors).toHaveLength(1)
    expect(validate(reportSchema('content'), { category: 'image' }, 'en').errors).toEqual([])
    expect(validate(reportSchema('comment'), { category: 'spam', message: 'x'.repeat(401) }, 'en').errors).toHaveLength(1)
    expect(validate(reportSchema('comment'), { category: 'spam', message: 'nul \u0000' }, 'fr').errors).toEqual([
      { field: 'message', message: 'Votre description contient des caractères non autorisés.' },
    ])
    expect(validate(reportSchema('content'), { category: 'other', message: '<b>page 3</b>\n\u202Ebroken' }, 'en').errors).toEqual([])
  })
})

describe('posting rate limit', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds))

  it('allows the first post', () => {
    expect(commentRateCheck([], at(0))).toEqual({ allowed: true, retryAfterMs: 0 })
  })

  it('asks for the minimum interval between two posts', () => {
    expect(COMMENT_RATE_LIMIT.minIntervalMs).toBe(10_000)
    expect(commentRateCheck([at(0)], at(4))).toEqual({ allowed: false, retryAfterMs: 6_000 })
    expect(commentRateCheck([at(0)], at(10)).allowed).toBe(true)
  })

  it('allows ten in any ten minutes, then waits for the oldest to leave the window', () => {
    const ten = Array.from({ length: 10 }, (_, i) => at(i * 30))
    const check = commentRateCheck(ten, at(300))
    expect(check).toEqual({ allowed: false, retryAfterMs: 300_000 })
    expect(commentRateCheck(ten, at(600)).allowed).toBe(true)
    expect(commentRateCheck(ten.slice(1), at(300)).allowed).toBe(true)
  })

  it('accepts times as dates, strings or numbers, in any order', () => {
    expect(commentRateCheck([at(0).toISOString(), at(8).getTime()], at(9))).toEqual({ allowed: false, retryAfterMs: 9_000 })
  })
})
