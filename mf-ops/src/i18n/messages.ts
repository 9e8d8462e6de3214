import { defineMessages } from 'react-intl'

export const consoleMessages = defineMessages({
  title: { id: 'ops.console.title', defaultMessage: 'Operator console' },
  nav: { id: 'ops.console.nav', defaultMessage: 'Console sections' },
  service: { id: 'ops.console.service', defaultMessage: 'Service' },
  reports: { id: 'ops.console.reports', defaultMessage: 'Reports' },
  audit: { id: 'ops.console.audit', defaultMessage: 'Audit log' },
  releases: { id: 'ops.console.releases', defaultMessage: 'Releases' },
  signedInAs: { id: 'ops.console.signedInAs', defaultMessage: 'Signed in as {nickname}' },
  notOperator: { id: 'ops.console.notOperator', defaultMessage: 'This console is for Koma operators.' },
  notOperatorHint: {
    id: 'ops.console.notOperatorHint',
    defaultMessage: 'Your account has no operator role. An administrator grants it with the operator command.',
  },
  saved: { id: 'ops.console.saved', defaultMessage: 'Saved.' },
  save: { id: 'ops.console.save', defaultMessage: 'Save' },
  saving: { id: 'ops.console.saving', defaultMessage: 'Saving…' },
  failed: { id: 'ops.console.failed', defaultMessage: 'That did not work. Try again in a moment.' },
})

export const factorMessages = defineMessages({
  title: { id: 'ops.factor.title', defaultMessage: 'Confirm it is you' },
  enrolTitle: { id: 'ops.factor.enrolTitle', defaultMessage: 'Set up your authenticator app' },
  enrolLead: {
    id: 'ops.factor.enrolLead',
    defaultMessage: 'Operators confirm each session with a code from an authenticator app. Add this key to the app, then type the code it shows.',
  },
  start: { id: 'ops.factor.start', defaultMessage: 'Show my key' },
  secret: { id: 'ops.factor.secret', defaultMessage: 'Key' },
  uri: { id: 'ops.factor.uri', defaultMessage: 'Link for the app' },
  verifyLead: { id: 'ops.factor.verifyLead', defaultMessage: 'Type the 6-digit code your authenticator app shows for Koma.' },
  code: { id: 'ops.factor.code', defaultMessage: 'Code' },
  codeInvalid: { id: 'ops.factor.codeInvalid', defaultMessage: 'Type the 6 digits the app shows.' },
  confirm: { id: 'ops.factor.confirm', defaultMessage: 'Confirm' },
})

export const problemMessages = defineMessages({
  required: { id: 'ops.problem.required', defaultMessage: 'This is required.' },
  tooLong: { id: 'ops.problem.tooLong', defaultMessage: 'At most {max} characters.' },
  invalid: { id: 'ops.problem.invalid', defaultMessage: 'This value is not valid.' },
  endBeforeStart: { id: 'ops.problem.endBeforeStart', defaultMessage: 'The end must come after the start.' },
  inPast: { id: 'ops.problem.inPast', defaultMessage: 'This time has already passed.' },
})

export const serviceMessages = defineMessages({
  title: { id: 'ops.service.title', defaultMessage: 'Service states' },
  maintenance: { id: 'ops.service.maintenance', defaultMessage: 'Maintenance' },
  maintenanceLead: {
    id: 'ops.service.maintenanceLead',
    defaultMessage: 'While maintenance is on, readers see the maintenance screen; the console and health checks keep working.',
  },
  activeNow: { id: 'ops.service.activeNow', defaultMessage: 'Readers see the maintenance screen now.' },
  scheduled: { id: 'ops.service.scheduled', defaultMessage: 'On, but not in effect now (outside its start and end).' },
  off: { id: 'ops.service.off', defaultMessage: 'Off: readers use the site as usual.' },
  on: { id: 'ops.service.on', defaultMessage: 'Maintenance on' },
  startsAt: { id: 'ops.service.startsAt', defaultMessage: 'Starts (empty: at once)' },
  endsAt: { id: 'ops.service.endsAt', defaultMessage: 'Ends (empty: when turned off)' },
  titleIn: { id: 'ops.service.titleIn', defaultMessage: 'Title ({language})' },
  descriptionIn: { id: 'ops.service.descriptionIn', defaultMessage: 'Description ({language})' },
  update: { id: 'ops.service.update', defaultMessage: 'App update' },
  updateLead: { id: 'ops.service.updateLead', defaultMessage: 'Tell readers a new version is available, or require it.' },
  updateState: { id: 'ops.service.updateState', defaultMessage: 'Update' },
  stateNone: { id: 'ops.service.stateNone', defaultMessage: 'None' },
  stateAvailable: { id: 'ops.service.stateAvailable', defaultMessage: 'Available' },
  stateRequired: { id: 'ops.service.stateRequired', defaultMessage: 'Required' },
  version: { id: 'ops.service.version', defaultMessage: 'Version' },
  legal: { id: 'ops.service.legal', defaultMessage: 'Legal documents in force' },
  legalVersion: { id: 'ops.service.legalVersion', defaultMessage: '{type}: version {version}, from {date}' },
  legalNone: { id: 'ops.service.legalNone', defaultMessage: 'No versions published yet.' },
})

export const languageMessages = defineMessages({
  ja: { id: 'ops.language.ja', defaultMessage: 'Japanese' },
  en: { id: 'ops.language.en', defaultMessage: 'English' },
  fr: { id: 'ops.language.fr', defaultMessage: 'French' },
})

export const reportMessages = defineMessages({
  title: { id: 'ops.reports.title', defaultMessage: 'Reports' },
  queued: { id: 'ops.reports.queued', defaultMessage: 'Waiting' },
  done: { id: 'ops.reports.done', defaultMessage: 'Handled' },
  empty: { id: 'ops.reports.empty', defaultMessage: 'Nothing is waiting. Good work.' },
  commentBy: { id: 'ops.reports.commentBy', defaultMessage: 'Comment by {nickname} ({count, plural, one {# report} other {# reports}})' },
  chapter: { id: 'ops.reports.chapter', defaultMessage: '{content}: {chapter}' },
  category: { id: 'ops.reports.category', defaultMessage: 'Reason: {category}' },
  message: { id: 'ops.reports.message', defaultMessage: 'Reporter wrote: {message}' },
  hiddenNow: { id: 'ops.reports.hiddenNow', defaultMessage: 'Hidden from readers' },
  deletedNow: { id: 'ops.reports.deletedNow', defaultMessage: 'Deleted by its author' },
  status: { id: 'ops.reports.status', defaultMessage: 'Outcome: {status}' },
  statusHidden: { id: 'ops.reports.statusHidden', defaultMessage: 'hidden' },
  statusKept: { id: 'ops.reports.statusKept', defaultMessage: 'kept' },
  statusResolved: { id: 'ops.reports.statusResolved', defaultMessage: 'resolved' },
  statusQueued: { id: 'ops.reports.statusQueued', defaultMessage: 'waiting' },
  hide: { id: 'ops.reports.hide', defaultMessage: 'Hide comment' },
  restore: { id: 'ops.reports.restore', defaultMessage: 'Restore comment' },
  dismiss: { id: 'ops.reports.dismiss', defaultMessage: 'Dismiss' },
  previous: { id: 'ops.reports.previous', defaultMessage: 'Previous' },
  next: { id: 'ops.reports.next', defaultMessage: 'Next' },
})

export const auditMessages = defineMessages({
  title: { id: 'ops.audit.title', defaultMessage: 'Audit log' },
  lead: { id: 'ops.audit.lead', defaultMessage: 'Every operator action, newest first. Nobody can edit it.' },
  when: { id: 'ops.audit.when', defaultMessage: 'When' },
  who: { id: 'ops.audit.who', defaultMessage: 'Who' },
  what: { id: 'ops.audit.what', defaultMessage: 'What' },
  target: { id: 'ops.audit.target', defaultMessage: 'On' },
  change: { id: 'ops.audit.change', defaultMessage: 'Before → after' },
  empty: { id: 'ops.audit.empty', defaultMessage: 'No operator actions yet.' },
  older: { id: 'ops.audit.older', defaultMessage: 'Older entries' },
})

export const releaseMessages = defineMessages({
  title: { id: 'ops.releases.title', defaultMessage: 'Releases' },
  lead: {
    id: 'ops.releases.lead',
    defaultMessage:
      'The live version of each area, a canary with its share of readers and how both fare (page loads and failures readers reported over the last window).',
  },
  live: { id: 'ops.releases.live', defaultMessage: 'Live: {version}' },
  neverDeployed: { id: 'ops.releases.neverDeployed', defaultMessage: 'Never deployed' },
  canary: { id: 'ops.releases.canary', defaultMessage: 'Canary: {version}, {share}% of readers' },
  autoPromote: { id: 'ops.releases.autoPromote', defaultMessage: 'goes live by itself after a clean window' },
  health: {
    id: 'ops.releases.health',
    defaultMessage: '{loads, plural, one {# page load} other {# page loads}}, {failures, plural, one {# failure} other {# failures}} ({rate}%)',
  },
  last: { id: 'ops.releases.last', defaultMessage: 'Last: {action} {version} on {date}' },
  promote: { id: 'ops.releases.promote', defaultMessage: 'Promote the canary' },
  endCanary: { id: 'ops.releases.endCanary', defaultMessage: 'End the canary' },
  rollback: { id: 'ops.releases.rollback', defaultMessage: 'Roll back' },
  confirmPromote: { id: 'ops.releases.confirmPromote', defaultMessage: 'Make {version} of {package} live for every reader?' },
  confirmRollback: { id: 'ops.releases.confirmRollback', defaultMessage: 'Roll {package} back? Readers get the previous version on their next page load.' },
  done: { id: 'ops.releases.done', defaultMessage: '{package} is now on {version}.' },
})
