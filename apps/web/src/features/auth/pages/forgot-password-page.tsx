import { ForgotPasswordForm } from '../components/forgot-password-form'

export default function ForgotPasswordPage() {
  return (
    <>
      <title>Forgot password | TechBazaar</title>
      <ForgotPasswordForm />
    </>
  )
}
