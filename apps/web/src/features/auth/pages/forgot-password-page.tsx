import { ForgotPasswordForm } from '../components/forgot-password-form'
import { DocumentTitle } from '@/components/document-title'

export default function ForgotPasswordPage() {
  return (
    <>
      <DocumentTitle>Forgot password | TechBazaar</DocumentTitle>
      <ForgotPasswordForm />
    </>
  )
}
