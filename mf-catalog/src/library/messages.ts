import { defineMessages } from 'react-intl'

/** My reading (issue 37 item 6): loaded with ReadingStatsIntl (its own files, ./i18n), not with the catalog's first page. */
export const readingStatsMessages = defineMessages({
  title: { id: 'catalog.readingStats.title', defaultMessage: 'My reading' },
  private: { id: 'catalog.readingStats.private', defaultMessage: 'Only you can see these figures.' },
  chapters: { id: 'catalog.readingStats.chapters', defaultMessage: 'Episodes read' },
  finished: { id: 'catalog.readingStats.finished', defaultMessage: '{count, plural, one {# read to the end} other {# read to the end}}' },
  titles: { id: 'catalog.readingStats.titles', defaultMessage: 'Titles' },
  time: { id: 'catalog.readingStats.time', defaultMessage: 'Time read' },
  minutes: { id: 'catalog.readingStats.minutes', defaultMessage: '{minutes} min' },
  hours: { id: 'catalog.readingStats.hours', defaultMessage: '{hours} h {minutes} min' },
  underMinute: { id: 'catalog.readingStats.underMinute', defaultMessage: 'Under a minute' },
  yearTime: { id: 'catalog.readingStats.yearTime', defaultMessage: 'Time read: {time}' },
  streak: { id: 'catalog.readingStats.streak', defaultMessage: 'Days in a row' },
  longest: { id: 'catalog.readingStats.longest', defaultMessage: 'Longest: {count, plural, one {# day} other {# days}}' },
  days: { id: 'catalog.readingStats.days', defaultMessage: 'Days read' },
  yearTitle: { id: 'catalog.readingStats.yearTitle', defaultMessage: 'Your {year}' },
  yearLine: {
    id: 'catalog.readingStats.yearLine',
    defaultMessage:
      '{chapters, plural, one {# episode} other {# episodes}} of {titles, plural, one {# title} other {# titles}} on {days, plural, one {# day} other {# days}}.',
  },
  yearTop: { id: 'catalog.readingStats.yearTop', defaultMessage: 'Most read: {title}' },
  yearGenre: { id: 'catalog.readingStats.yearGenre', defaultMessage: 'Favourite genre: {genre}' },
  yearStreak: { id: 'catalog.readingStats.yearStreak', defaultMessage: 'Longest streak: {count, plural, one {# day} other {# days}}' },
  yearEmpty: { id: 'catalog.readingStats.yearEmpty', defaultMessage: 'Nothing read yet this year.' },
  perMonth: { id: 'catalog.readingStats.perMonth', defaultMessage: 'Per month' },
  monthLine: { id: 'catalog.readingStats.monthLine', defaultMessage: '{count, plural, one {# episode} other {# episodes}}' },
  genres: { id: 'catalog.readingStats.genres', defaultMessage: 'Favourite genres' },
  genreCount: { id: 'catalog.readingStats.genreCount', defaultMessage: '{count, plural, one {# episode} other {# episodes}}' },
  noGenres: { id: 'catalog.readingStats.noGenres', defaultMessage: 'Read a few episodes to see your genres.' },
  timeNote: {
    id: 'catalog.readingStats.timeNote',
    defaultMessage:
      'Time read is an estimate: each sitting counts from the first place saved to the last, and a pause of more than {gap} minutes ends it. Days are counted in your time zone ({zone}).',
  },
  download: { id: 'catalog.readingStats.download', defaultMessage: 'Download my reading data (JSON)' },
  downloadFailed: { id: 'catalog.readingStats.downloadFailed', defaultMessage: 'The download did not work. Please try again.' },
  guestTitle: { id: 'catalog.readingStats.guestTitle', defaultMessage: 'Sign in to see your reading' },
  guestText: {
    id: 'catalog.readingStats.guestText',
    defaultMessage: 'Your episodes, time read, streak and favourite genres are kept with your account, and shown to you alone.',
  },
  signIn: { id: 'catalog.readingStats.signIn', defaultMessage: 'Sign in' },
  signUp: { id: 'catalog.readingStats.signUp', defaultMessage: 'Sign up' },
})
