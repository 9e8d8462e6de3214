import { defineMessages } from 'react-intl'

export const loginMessages = defineMessages({
  title: { id: 'account.login.title', defaultMessage: 'Sign in' },
  lead: { id: 'account.login.lead', defaultMessage: 'Welcome back. Sign in to keep reading where you left off.' },
  email: { id: 'account.login.email', defaultMessage: 'Email address' },
  password: { id: 'account.login.password', defaultMessage: 'Password' },
  showPassword: { id: 'account.login.showPassword', defaultMessage: 'Show password' },
  hidePassword: { id: 'account.login.hidePassword', defaultMessage: 'Hide password' },
  stayLogged: { id: 'account.login.stayLogged', defaultMessage: 'Keep me signed in' },
  submit: { id: 'account.login.submit', defaultMessage: 'Sign in' },
  submitting: { id: 'account.login.submitting', defaultMessage: 'Signing in…' },
  noAccount: { id: 'account.login.noAccount', defaultMessage: 'New to Koma?' },
  signUp: { id: 'account.login.signUp', defaultMessage: 'Create an account' },
  forgot: { id: 'account.login.forgot', defaultMessage: 'Forgot your password?' },
})
