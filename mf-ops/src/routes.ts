import { remoteScreens } from '@koma/contracts'
import { OpsIntl } from './i18n/OpsIntl'

export const routes = remoteScreens('mf_ops', OpsIntl, {
  'ops.service': () => import('./service/ServicePage'),
  'ops.reports': () => import('./moderation/ReportsPage'),
  'ops.audit': () => import('./audit/AuditPage'),
  'ops.releases': () => import('./releases/ReleasesPage'),
  'ops.health': () => import('./health/HealthPage'),
  'ops.titles': () => import('./content/TitlesPage'),
  'ops.title': () => import('./content/TitlePage'),
  'ops.campaigns': () => import('./campaigns/CampaignsPage'),
})
