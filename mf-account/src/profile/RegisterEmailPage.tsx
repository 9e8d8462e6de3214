import { EmailPage } from './EmailPage'

/** /account/userinfo/registemail: for members who signed up with a social account. */
export default function RegisterEmailPage() {
  return <EmailPage register />
}
