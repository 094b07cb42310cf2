import { LoginForm } from '../components/login-form'

export default function LoginPage() {
  return (
    <>
      <title>Sign in | TechBazaar</title>
      <LoginForm />
    </>
  )
}
