import { pickedPageUrl, spreadPageSources, STRIP_MAX_WIDTH, stripPageSources } from './images'
import { formatDate, formatDateTime } from './numbers'

describe('comic page sources (issue 13: the same markup on every screen)', () => {
  it('offers a strip band at every preset from 640 up, sized to the column', () => {
    const band = stripPageSources('/api/image/7?e=1&s=x', false)
    expect(band.src).toBe('/api/image/7?e=1&s=x&w=768')
    expect(band.srcSet).toBe(
      '/api/image/7?e=1&s=x&w=640 640w, /api/image/7?e=1&s=x&w=768 768w, /api/image/7?e=1&s=x&w=1024 1024w, /api/image/7?e=1&s=x&w=1280 1280w, /api/image/7?e=1&s=x&w=1536 1536w',
    )
    expect(band.sizes).toBe(`(max-width: ${STRIP_MAX_WIDTH}px) 100vw, ${STRIP_MAX_WIDTH}px`)
  })

  it('gives data saving one image at density 1 for the column (SPEC §4)', () => {
    expect(stripPageSources('/api/image/7', true, 390)).toEqual({ src: '/api/image/7?w=640', srcSet: undefined, sizes: undefined })
    expect(stripPageSources('/api/image/7', true, 2000).src).toBe('/api/image/7?w=768')
    expect(spreadPageSources('/api/image/7', 800, 1200, 1, true, { width: 390, height: 844 }).src).toBe('/api/image/7?w=640')
    expect(spreadPageSources('/api/image/7', 800, 1200, 2, true, { width: 1280, height: 800 }).src).toBe('/api/image/7?w=640')
  })

  it('sizes a paged page by the screen: its width (half in a spread) or its height at the page proportions', () => {
    const page = spreadPageSources('/api/image/9', 800, 1200, 1, false)
    expect(page.srcSet?.split(', ')).toHaveLength(6)
    expect(page.sizes).toBe('min(100vw, 66.67vh)')
    expect(spreadPageSources('/api/image/9', 800, 1200, 2, false).sizes).toBe('min(50vw, 66.67vh)')
  })

  it('picks the candidate a browser takes: the smallest preset covering the device pixels', () => {
    const band = stripPageSources('/api/image/7', false)
    expect(pickedPageUrl(band, 390, 1)).toBe('/api/image/7?w=640')
    expect(pickedPageUrl(band, 412, 1.75)).toBe('/api/image/7?w=768')
    expect(pickedPageUrl(band, 720, 2)).toBe('/api/image/7?w=1536')
    expect(pickedPageUrl(band, 720, 3)).toBe('/api/image/7?w=1536')
    expect(pickedPageUrl(stripPageSources('/api/image/7', true, 390), 390, 3)).toBe('/api/image/7?w=640')
  })
})

describe('dates in a time zone (issue 13: the edge and the browser draw the same)', () => {
  const at = '2026-07-20T15:30:05.000Z'

  it('formats in the zone given (SPEC §9 format)', () => {
    expect(formatDate(at, 'UTC')).toBe('2026/07/20')
    expect(formatDate(at, 'Asia/Tokyo')).toBe('2026/07/21')
    expect(formatDate(at, 'America/Los_Angeles')).toBe('2026/07/20')
    expect(formatDateTime(at, false, 'Asia/Seoul')).toBe('2026/07/21 00:30')
    expect(formatDateTime(at, true, 'UTC')).toBe('2026/07/20 15:30:05')
    expect(formatDateTime('2026-01-01T00:00:00.000Z', false, 'UTC')).toBe('2026/01/01 00:00')
  })

  it('falls back to this device’s zone without a zone or with one it does not know', () => {
    const local = new Date(at)
    const expected = `${local.getFullYear()}/${String(local.getMonth() + 1).padStart(2, '0')}/${String(local.getDate()).padStart(2, '0')}`
    expect(formatDate(at)).toBe(expected)
    expect(formatDate(at, 'Not/A_Zone')).toBe(expected)
  })
})
