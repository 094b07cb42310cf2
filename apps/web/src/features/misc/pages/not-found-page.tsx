import { MapPinOffIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { MessagePage } from '@/components/message-page'

export default function NotFoundPage() {
  return (
    <MessagePage
      icon={MapPinOffIcon}
      title="page doesn't exist"
      actions={
        <Button asChild>
          <Link to="/">Go to home</Link>
        </Button>
      }
    >
      <p>The link may be old or mistyped. Try the home page or search for what you need.</p>
    </MessagePage>
  )
}
