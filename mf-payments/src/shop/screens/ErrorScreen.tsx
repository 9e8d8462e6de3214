export { ErrorScreen as default } from '../ResultPage'
