export { ResultScreen as default } from '../ResultPage'
