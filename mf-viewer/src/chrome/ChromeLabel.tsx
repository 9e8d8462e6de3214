import { VISUALLY_HIDDEN } from '@koma/contracts'

/** The drawings of the chrome's buttons on a phone (24 px, the button's text colour). */
const ICONS = {
  // Two chevrons down: the page moves on by itself.
  autoScroll: 'M7 6l5 5 5-5M7 13l5 5 5-5',
  // A sheet with a folded corner: e-ink paper.
  paper: 'M6 3h9l4 4v14H6zM15 3v4h4',
  // A flag: report a problem.
  report: 'M5 21V4M5 4h11l-2.5 4L16 12H5',
} as const

export type ChromeIcon = keyof typeof ICONS

/** Up to this width the chrome's buttons show their drawing instead of their words, leaving the title room. */
export const CHROME_ICONS_MEDIA = '@media (max-width: 480px)'

/**
 * A chrome button's face: its words, or on a phone its drawing (issue 37's Paper made three
 * controls beside the title: at 390 px the French title read "La Prince…", the episode "Épisod…").
 * On a phone the words stay in the button, read but not drawn, so its accessible name is the same
 * at every width.
 */
export function ChromeLabel({ text, icon }: { text: string; icon: ChromeIcon }) {
  return (
    <>
      <span css={{ [CHROME_ICONS_MEDIA]: VISUALLY_HIDDEN }}>{text}</span>
      <svg
        aria-hidden="true"
        data-chrome-icon={icon}
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        css={{ display: 'none', [CHROME_ICONS_MEDIA]: { display: 'block' } }}
      >
        <path d={ICONS[icon]} />
      </svg>
    </>
  )
}
