import { LoginForm } from '../components/login-form'
import { DocumentTitle } from '@/components/document-title'

export default function LoginPage() {
  return (
    <>
      <DocumentTitle>Sign in | TechBazaar</DocumentTitle>
      <LoginForm />
    </>
  )
}
