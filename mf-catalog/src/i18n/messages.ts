import { defineMessages } from 'react-intl'

export const commonMessages = defineMessages({
  views: { id: 'catalog.common.views', defaultMessage: '{count} views' },
  free: { id: 'catalog.common.free', defaultMessage: 'Free' },
  badgeFIN: { id: 'catalog.badge.fin', defaultMessage: 'FIN' },
  badgeEVENT: { id: 'catalog.badge.event', defaultMessage: 'EVENT' },
  badgeNEW: { id: 'catalog.badge.new', defaultMessage: 'NEW' },
  badgeUP: { id: 'catalog.badge.up', defaultMessage: 'UP' },
  badgeHIATUS: { id: 'catalog.badge.hiatus', defaultMessage: 'HIATUS' },
  badgeHIGHLIGHT: { id: 'catalog.badge.highlight', defaultMessage: 'HIGHLIGHT' },
  badgeHOT: { id: 'catalog.badge.hot', defaultMessage: 'HOT' },
  badgeEXCLUSIVE: { id: 'catalog.badge.exclusive', defaultMessage: 'EXCLUSIVE' },
  badgeMATURE: { id: 'catalog.badge.mature', defaultMessage: 'Mature' },
  badgeRENTAL_ONLY: { id: 'catalog.badge.rentalOnly', defaultMessage: 'Rental Only' },
})

export const homeMessages = defineMessages({
  title: { id: 'catalog.home.title', defaultMessage: 'Koma: comics and novels' },
  topBanner: { id: 'catalog.home.topBanner', defaultMessage: 'Featured' },
  empty: { id: 'catalog.home.empty', defaultMessage: 'Nothing to show yet. Please come back soon.' },
  rank: { id: 'catalog.home.rank', defaultMessage: 'No. {rank}' },
})

export const episodeMessages = defineMessages({
  chapters: { id: 'catalog.episodes.chapters', defaultMessage: '{count, plural, one {# episode} other {# episodes}}' },
  volumes: { id: 'catalog.episodes.volumes', defaultMessage: '{count, plural, one {# volume} other {# volumes}}' },
  readFirst: { id: 'catalog.episodes.readFirst', defaultMessage: 'Read the first episode' },
  continueReading: { id: 'catalog.episodes.continue', defaultMessage: 'Continue: {name}' },
  statusOngoing: { id: 'catalog.episodes.statusOngoing', defaultMessage: 'Ongoing' },
  statusCompleted: { id: 'catalog.episodes.statusCompleted', defaultMessage: 'Completed' },
  statusHiatus: { id: 'catalog.episodes.statusHiatus', defaultMessage: 'On hiatus' },
  statusComingSoon: { id: 'catalog.episodes.statusComingSoon', defaultMessage: 'Coming soon' },
  publishDays: { id: 'catalog.episodes.publishDays', defaultMessage: 'Updates every {days}' },
  stateFree: { id: 'catalog.episodes.stateFree', defaultMessage: 'Free' },
  stateTargetFree: { id: 'catalog.episodes.stateTargetFree', defaultMessage: 'Free for a limited time' },
  statePurchased: { id: 'catalog.episodes.statePurchased', defaultMessage: 'Unlocked' },
  stateRemained: { id: 'catalog.episodes.stateRemained', defaultMessage: 'Rented' },
  stateReadNow: { id: 'catalog.episodes.stateReadNow', defaultMessage: 'Read now' },
  stateWaitForFree: { id: 'catalog.episodes.stateWaitForFree', defaultMessage: 'Wait for free' },
  statePrice: { id: 'catalog.episodes.statePrice', defaultMessage: '{price, plural, one {# coin} other {# coins}}' },
  stateRentalPrice: { id: 'catalog.episodes.stateRentalPrice', defaultMessage: 'Rent {price, plural, one {# coin} other {# coins}}' },
  trial: { id: 'catalog.episodes.trial', defaultMessage: 'Preview' },
  aborted: { id: 'catalog.episodes.aborted', defaultMessage: 'No longer sold' },
  comments: { id: 'catalog.episodes.comments', defaultMessage: '{count} comments' },
  more: { id: 'catalog.episodes.more', defaultMessage: 'More' },
  less: { id: 'catalog.episodes.less', defaultMessage: 'Less' },
  listHeading: { id: 'catalog.episodes.listHeading', defaultMessage: 'Episodes' },
  sortNewest: { id: 'catalog.episodes.sortNewest', defaultMessage: 'Newest first' },
  sortOldest: { id: 'catalog.episodes.sortOldest', defaultMessage: 'Oldest first' },
})

export const roleMessages = defineMessages({
  creator: { id: 'catalog.role.creator', defaultMessage: 'Creator' },
  writer: { id: 'catalog.role.writer', defaultMessage: 'Writer' },
  artist: { id: 'catalog.role.artist', defaultMessage: 'Artist' },
  assistant: { id: 'catalog.role.assistant', defaultMessage: 'Assistant' },
  original_creator: { id: 'catalog.role.originalCreator', defaultMessage: 'Original story' },
  studio: { id: 'catalog.role.studio', defaultMessage: 'Studio' },
  line_artist: { id: 'catalog.role.lineArtist', defaultMessage: 'Line art' },
  adapter: { id: 'catalog.role.adapter', defaultMessage: 'Adaptation' },
  colorist: { id: 'catalog.role.colorist', defaultMessage: 'Colors' },
  other: { id: 'catalog.role.other', defaultMessage: 'Other' },
})

export const weekdayMessages = defineMessages({
  d1: { id: 'catalog.weekday.1', defaultMessage: 'Monday' },
  d2: { id: 'catalog.weekday.2', defaultMessage: 'Tuesday' },
  d3: { id: 'catalog.weekday.3', defaultMessage: 'Wednesday' },
  d4: { id: 'catalog.weekday.4', defaultMessage: 'Thursday' },
  d5: { id: 'catalog.weekday.5', defaultMessage: 'Friday' },
  d6: { id: 'catalog.weekday.6', defaultMessage: 'Saturday' },
  d7: { id: 'catalog.weekday.7', defaultMessage: 'Sunday' },
})
