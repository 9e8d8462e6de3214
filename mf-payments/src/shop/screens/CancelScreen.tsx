export { CancelScreen as default } from '../ResultPage'
