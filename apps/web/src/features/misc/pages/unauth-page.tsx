import { ShieldAlertIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { MessagePage } from '@/components/message-page'

export default function UnauthPage() {
  return (
    <MessagePage
      icon={ShieldAlertIcon}
      tone="error"
      title="You don't have access to view this page"
      actions={
        <Button asChild>
          <Link to="/">Go to home</Link>
        </Button>
      }
    >
      <p>This area is for TechBazaar sellers and admins.</p>
    </MessagePage>
  )
}
