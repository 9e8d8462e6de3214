/** SPEC §2 share dialog: targets with the page link encoded; share data is text, tags and link. */
export interface ShareData {
  link: string
  text: string
  tags: string[]
}

export const SHARE_TARGETS = ['facebook', 'x', 'line', 'linkedin', 'reddit', 'telegram', 'whatsapp', 'pinterest', 'email'] as const
export type ShareTarget = (typeof SHARE_TARGETS)[number]

/** The app scheme the Japanese app's web view opens in the external browser (SPEC §2). */
export const EXTERNAL_BROWSER_SCHEME = 'koma://external-browser?url='

export function shareUrl(target: ShareTarget, data: ShareData, options: { appWebView?: boolean } = {}): string {
  const link = encodeURIComponent(data.link)
  const text = encodeURIComponent(data.text)
  const hashtags = encodeURIComponent(
    data.tags
      .map((tag) => tag.replace(/^#/, '').replace(/\s+/g, ''))
      .filter(Boolean)
      .join(','),
  )
  let url: string
  switch (target) {
    case 'facebook':
      url = `https://www.facebook.com/sharer/sharer.php?u=${link}`
      break
    case 'x':
      url = `https://x.com/intent/post?url=${link}&text=${text}${hashtags ? `&hashtags=${hashtags}` : ''}`
      break
    case 'line':
      url = `https://social-plugins.line.me/lineit/share?url=${link}&text=${text}`
      break
    case 'linkedin':
      url = `https://www.linkedin.com/sharing/share-offsite/?url=${link}`
      break
    case 'reddit':
      url = `https://www.reddit.com/submit?url=${link}&title=${text}`
      break
    case 'telegram':
      url = `https://t.me/share/url?url=${link}&text=${text}`
      break
    case 'whatsapp':
      url = `https://wa.me/?text=${encodeURIComponent(`${data.text} ${data.link}`)}`
      break
    case 'pinterest':
      url = `https://www.pinterest.com/pin/create/button/?url=${link}&description=${text}`
      break
    case 'email':
      url = `mailto:?subject=${text}&body=${encodeURIComponent(`${data.text}\n${data.link}`)}`
      break
  }
  // In the Japanese app's web view, Facebook and X open in the external browser.
  if (options.appWebView && (target === 'facebook' || target === 'x')) return `${EXTERNAL_BROWSER_SCHEME}${encodeURIComponent(url)}`
  return url
}
